import { describe, expect } from "vitest";
import { findRef } from "../helpers/webOperatorSession.js";
import { sessionTest } from "../helpers/sessionTest.js";

function printedRefs(text: string): string[] {
  return [...text.matchAll(/\[ref=([^\]]*)\]/g)].map((match) => match[1] ?? "");
}

/** The default 12,000-char budget holds on every page (so a large page never floods a model); only the viewport's own targets may exceed it. */
const it = sessionTest();

describe("the snapshot budget on link-heavy pages", () => {
  it("a page whose offscreen links alone exceed the budget stays within it, keeping every visible target", async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/budget-links.html") });
    const result = await session.client.request("browser.snapshot", {});
    expect(result.text.length).toBeLessThanOrEqual(12_000);
    expect(result.truncated).toBe(true);
    findRef(result.text, "button", "Visible button");
    findRef(result.text, "link", "Visible link");
    expect(result.refCount).toBe(printedRefs(result.text).length);
    const omitted = /(\d+) offscreen interactive elements omitted/.exec(result.text);
    expect(Number(omitted?.[1])).toBeGreaterThan(1000);
    expect(result.text).toContain("browser.find_in_page");
    // Nearest first: the links right below the spacer survive, the farthest go.
    findRef(result.text, "link", "Offscreen article headline number 0 about something");
    expect(result.text).not.toContain("number 1499 ");
  });

  it("only a viewport whose own targets exceed the budget goes over it, and says so", async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/budget-dense.html") });
    const result = await session.client.request("browser.snapshot", { maxChars: 1_000 });
    expect(result.text.length).toBeGreaterThan(1_000);
    expect(result.text).toContain("the interactive elements in the viewport alone exceed maxChars and are all kept");
    for (const n of [0, 199, 399]) findRef(result.text, "button", `B${n}`);
    expect(result.text).not.toContain("Far away link");
    expect(result.refCount).toBe(printedRefs(result.text).length);
  });

  it("a page without a doctype keeps its on-screen unnamed links and drops the offscreen ones", async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/budget-quirks.html") });
    const result = await session.client.request("browser.snapshot", { elements: true });
    expect(result.text.length).toBeLessThanOrEqual(12_000);
    const printed = new Set(printedRefs(result.text));
    // The fixture's own marks, not our geometry, say which links are on screen.
    const visible = (result.elements ?? []).filter((record) => record.attributes.href?.includes("#visible-") === true);
    expect(visible).toHaveLength(30);
    for (const record of visible) expect(printed.has(record.ref ?? "")).toBe(true);
    expect(Number(/(\d+) offscreen interactive elements omitted/.exec(result.text)?.[1])).toBeGreaterThan(1000);
  });
});
