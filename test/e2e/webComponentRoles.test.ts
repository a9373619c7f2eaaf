import { describe, expect } from "vitest";
import { findRef } from "../helpers/webOperatorSession.js";
import { sessionTest } from "../helpers/sessionTest.js";
import { buildWidgetFixtures, serveWidgetFixtures, type BuiltWidgets } from "../helpers/widgetFixtures.js";

const it = sessionTest();

/** The role and name of every line that has them, as `role "name"`. */
function roleLines(text: string, role: string): string[] {
  return [...text.matchAll(new RegExp(`- (${role}) "([^"]*)"`, "g"))].map((match) => `${match[1]} "${match[2]}"`);
}

describe("web components: roles set on hosts and in open shadow roots, and a click after a choice", () => {
  let built: BuiltWidgets;

  it.beforeAll(async ({ session }) => {
    built = await buildWidgetFixtures(["shoelace-select"]);
    serveWidgetFixtures(session.pages, built);
  });

  it.afterAll(() => built.remove());

  it("reads options slotted into a shadow listbox as options, named from light or shadow text, as Chrome's accessibility tree does", async ({
    session,
  }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/web-component-list.html") });
    const snapshot = (await session.client.request("browser.snapshot", {})).text;
    const chrome = (await session.client.request("browser.read_page_deep", {})).text;
    expect(roleLines(snapshot, "option")).toEqual(['option "Apple"', 'option "Plum"', 'option "Quince"']);
    expect(roleLines(chrome, "option")).toEqual(roleLines(snapshot, "option"));
    expect(snapshot).toMatch(/- listbox[^\n]*\n\s+- option "Apple"/);
  });

  it("clicks a button the chosen list still covers while it folds away, and still refuses a cover that stays", async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/web-component-list.html") });
    const snapshot = (await session.client.request("browser.snapshot", {})).text;
    await session.client.request("browser.click", { ref: findRef(snapshot, "option", "Plum") });
    const saved = await session.client.request("browser.click", { ref: findRef(snapshot, "button", "Save fruit") });
    expect(saved.observation?.text).toContain("saved Plum");
    expect(await session.errorCode("browser.click", { ref: findRef(snapshot, "button", "Walled off") })).toBe("obscured");
  });

  it("picks a Shoelace sl-select option by its option role and saves at once through the closing list", async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/widgets/shoelace-select.html") });
    const closed = (await session.client.request("browser.snapshot", {})).text;
    await session.client.request("browser.click", { ref: findRef(closed, "combobox", "Size") });
    const open = (await session.client.request("browser.snapshot", {})).text;
    expect(roleLines(open, "option")).toEqual(['option "Small"', 'option "Medium"', 'option "Large"', 'option "Extra large"']);
    await session.client.request("browser.click", { ref: findRef(open, "option", "Large") });
    await session.client.request("browser.click", { ref: findRef(open, "button", "Save size") });
    const pages = await session.launched.browser.pages();
    const page = pages.find((candidate) => candidate.url() === session.pages.url("/widgets/shoelace-select.html"));
    const state = await page?.evaluate(() => (window as unknown as { widgetState(): unknown }).widgetState());
    expect(state).toMatchObject({ value: "large", saved: "large" });
  });
});
