import { COMMANDS } from "../../protocol/index.js";
import { describe, expect } from "vitest";
import { findRef, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { sessionTest } from "../helpers/sessionTest.js";

const it = sessionTest();

describe("interaction tools: actionability, trusted input, widgets, dialogs, tabs, waiting", () => {
  let snapshot: string;
  const status = async (session: WebOperatorSession): Promise<string> => {
    const text = (await session.client.request("browser.extract", {})).text;
    return /\n?([^\n]*)\n/.exec(text.split("Actions\n")[1] ?? "")?.[1] ?? "";
  };
  const ref = (role: string, name: string): string => findRef(snapshot, role, name);

  it.beforeEach(async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/actions.html") });
    snapshot = (await session.client.request("browser.snapshot", { maxChars: 50_000 })).text;
  });

  it("refuses a click an overlay would take, naming the overlay, and clicks once it is gone", async ({ session }) => {
    const covered = ref("button", "Covered button");
    const failure = await session.client.send({ type: "browser.click", payload: { ref: covered } });
    expect(failure).toMatchObject({ code: "obscured" });
    expect(JSON.stringify(failure)).toContain("Cookie banner");
    await session.client.request("browser.click", { ref: ref("button", "Accept cookies") });
    const clicked = await session.client.request("browser.click", { ref: covered });
    expect(clicked.settled.dom).toBe(true);
    expect(await status(session)).toBe("covered clicked");
  });

  it("waits after a click for the request it started, and reports it finished", async ({ session }) => {
    await session.client.request("browser.read_network", {});
    const clicked = await session.client.request("browser.click", { ref: ref("button", "Fetch data") });
    expect(clicked.settled.network).toBe(true);
    expect(clicked.effect).toBe("page_changed");
    // Read right after the click answered: the request is already complete, not in flight.
    const log = await session.client.request("browser.read_network", {});
    expect(log.entries.find((entry) => entry.url.endsWith("/slow?ms=300"))?.status).toBe(200);
  });

  it("settles a click that changed nothing more at once, with the observation in the result", async ({ session }) => {
    const clicked = await session.client.request("browser.click", { ref: ref("button", "Trusted only") });
    expect(clicked.settled).toMatchObject({ dom: true, network: true });
    expect(clicked.observation?.text).toContain('button "Trusted only"');
  });

  it("refuses an element that keeps moving", async ({ session }) => {
    expect(await session.errorCode("browser.click", { ref: ref("button", "Moving target") })).toBe("not_actionable");
  });

  it("reaches isTrusted-checking handlers only with trusted input", async ({ session }) => {
    const button = ref("button", "Trusted only");
    expect((await session.client.request("browser.click", { ref: button })).input).toBe("synthetic");
    expect(await status(session)).toBe("ignored synthetic click");
    await session.client.request("browser.click_trusted", { ref: button });
    expect(await status(session)).toBe("trusted click");
    const double = await session.client.request("browser.click", { ref: ref("button", "Double me"), count: 2 });
    expect(double.input).toBe("trusted");
    expect(await status(session)).toBe("double click trusted");
  });

  it("opens a CSS hover menu with a real pointer move", async ({ session }) => {
    expect(snapshot).not.toContain('link "Laptops"');
    const hovered = await session.client.request("browser.hover", { ref: ref("button", "Products") });
    // No DOM change, only :hover: the snapshot's new lines are the change.
    expect(hovered.effect).toBe("page_changed");
    const after = (await session.client.request("browser.snapshot", {})).text;
    await session.client.request("browser.click", { ref: findRef(after, "link", "Laptops") });
    expect(await status(session)).toBe("Laptops chosen");
  });

  it("selects options in native selects (by label or value, single and multiple) and ARIA listboxes", async ({ session }) => {
    const size = await session.client.request("browser.select_option", { ref: ref("combobox", "Size"), labels: ["large"] });
    expect(size.selected).toEqual([{ value: "l", label: "Large" }]);
    expect(await status(session)).toBe("size l");
    const toppings = await session.client.request("browser.select_option", { ref: ref("listbox", "Toppings"), values: ["ch", "ol"] });
    expect(toppings.selected.map((option) => option.label)).toEqual(["Cheese", "Olives"]);
    const colour = await session.client.request("browser.select_option", { ref: ref("listbox", "Colour"), labels: ["Blue"] });
    expect(colour.selected).toEqual([{ value: "blue", label: "Blue" }]);
    expect(await status(session)).toBe("colour blue");
    expect(await session.errorCode("browser.select_option", { ref: ref("combobox", "Size"), labels: ["Huge"] })).toBe("not_found");
    expect(await session.errorCode("browser.select_option", { ref: ref("combobox", "Size"), labels: ["Small", "Large"] })).toBe(
      "bad_request",
    );
  });

  it("answers confirm and prompt for the page during a write and reports them", async ({ session }) => {
    const confirmed = await session.client.request("browser.click", { ref: ref("button", "Delete item") });
    expect(confirmed.dialogs).toEqual([{ type: "confirm", message: "Delete this item?", answered: "cancel" }]);
    expect(confirmed.effect).toBe("dialog");
    expect(await status(session)).toBe("kept");
    const prompted = await session.client.request("browser.click", { ref: ref("button", "Rename item") });
    expect(prompted.dialogs).toEqual([{ type: "prompt", message: "New name?", answered: "null" }]);
    expect(await status(session)).toBe("renamed to null");
  });

  it("reports a tab opened by target=_blank and routes the agent to it", async ({ session }) => {
    const clicked = await session.client.request("browser.click", { ref: ref("link", "Open help") });
    expect(clicked.tab_created?.url).toBe(session.pages.url("/actions-child.html"));
    expect(clicked.effect).toBe("new_tab");
    // On a loaded machine the new tab may still show about:blank (unsupported_page) for a while: poll, do not assume it loaded.
    const routed = async (): Promise<{ tabId: number; title: string } | null> =>
      session.client.request("browser.snapshot", {}).catch(() => null);
    await expect.poll(async () => (await routed())?.title, { timeout: 20_000 }).toBe("Help");
    expect((await routed())?.tabId).toBe(clicked.tab_created?.tabId);
    await session.launched.browser
      .pages()
      .then((pages) => Promise.all(pages.filter((page) => page.url().includes("actions-child")).map((page) => page.close())));
  });

  it("escalates a visibly failed synthetic type once to trusted typing", async ({ session }) => {
    const typed = await session.client.request("browser.type", { ref: ref("textbox", "Stubborn"), text: "new value" });
    expect(typed.escalated).toBe("type_trusted");
    expect(typed.value).toBe("new value");
    const direct = await session.client.request("browser.type_trusted", { ref: ref("textbox", "Stubborn"), text: "!", mode: "append" });
    expect(direct.value).toBe("new value!");
  });

  it("waits for text to appear and disappear, and times out honestly", async ({ session }) => {
    await session.client.request("browser.click", { ref: ref("button", "Load later") });
    const appeared = await session.client.request("browser.wait_for", { text: "loaded the data" });
    expect(appeared.matched).toBe(true);
    const gone = await session.client.request("browser.wait_for", { textGone: "loading" });
    expect(gone.matched).toBe(true);
    expect(await session.errorCode("browser.wait_for", { text: "never shows up", timeMs: 300 })).toBe("timeout");
    const timer = await session.client.request("browser.wait_for", { timeMs: 100 });
    expect(timer.waitedMs).toBeGreaterThanOrEqual(100);
  });

  it("scrolls a far element into view and presses keys by the catalog name", async ({ session }) => {
    const far = await session.client.request("browser.scroll_to", { ref: ref("button", "Far away") });
    expect(far.inViewport).toBe(true);
    // press_key is an alias of press: the bridge resolves it and answers press's result.
    const pressed = await session.client.send({ type: "browser.press_key", payload: { key: "Tab" } });
    // A key press that moves the focus did something, even with no DOM change.
    expect(pressed).toMatchObject({ result: { key: "Tab", effect: "focus" } });
    const invalid = await session.client.send({ type: "browser.press_key", payload: { key: "Hyper+x" } });
    expect(invalid).toMatchObject({ code: "invalid_key" });
  });

  it("runs up to four steps and stops before reusing refs after a navigation", async ({ session }) => {
    const batch = await session.client.request("browser.batch_actions", {
      actions: [
        { tool: "select_option", ref: ref("combobox", "Size"), labels: ["Medium"] },
        { tool: "click", ref: ref("button", "Moving target") },
        { tool: "click", ref: ref("button", "Trusted only") },
      ],
    });
    expect(batch.results[0]?.ok).toBe(true);
    // The animated button is not actionable: the batch stops at step 2 and never runs step 3.
    expect(batch.results[1]).toMatchObject({ ok: false, code: "not_actionable" });
    expect(batch.completed).toBe(1);
    expect(batch.results).toHaveLength(2);
    const opening = await session.client.request("browser.batch_actions", {
      tabId: batch.tabId,
      actions: [
        { tool: "click", ref: ref("link", "Open help") },
        { tool: "click", ref: ref("button", "Trusted only") },
      ],
    });
    expect(opening.completed).toBe(1);
    expect(opening.stopped).toContain("a new tab opened");
    await session.launched.browser
      .pages()
      .then((pages) => Promise.all(pages.filter((page) => page.url().includes("actions-child")).map((page) => page.close())));
    expect(await session.errorCode("browser.batch_actions", { actions: [] })).toBe("bad_request");
  });

  it("lists every tool as protocol/ declares it: level, effects, intent, aliases, description, example, schema", async ({ session }) => {
    const { tools } = await session.client.request("browser.tools", {});
    const declared = Object.entries(COMMANDS).filter(([, spec]) => spec.handledBy === "extension");
    expect(tools.map((tool) => tool.name).sort()).toEqual(declared.map(([name]) => name).sort());
    for (const [name, spec] of declared) {
      expect(tools.find((tool) => tool.name === name)).toMatchObject({
        level: spec.level,
        effects: spec.effects,
        intent: spec.intent,
        aliases: [...spec.aliases],
        description: spec.description,
        example: spec.example,
      });
    }
    const press = tools.find((tool) => tool.name === "browser.press");
    expect(press?.aliases).toContain("press_key");
    const click = tools.find((tool) => tool.name === "browser.click");
    const schema = JSON.stringify(click?.inputSchema);
    expect(schema).toContain('"ref"');
    // The description and example travel inside the JSON Schema too (zod .meta()).
    expect(schema).toContain(JSON.stringify(COMMANDS["browser.click"].description));
  });
});
