import { describe, expect, it } from "vitest";
import { lastResultText, refIn, toolResults, toolUse, type RecordedRequest, type ScriptedTurn } from "../helpers/fakeMessagesApi.js";
import { useClaudeTaskSession } from "../helpers/claudeTaskSession.js";
import { inlinePage } from "../helpers/fixtureServer.js";

const call =
  (name: string, input: unknown): ScriptedTurn =>
  () => ({ stop_reason: "tool_use", content: [toolUse(name, input)] });
/** Ends the task with the text of the last tool result, so the test reads what the model was given. */
const echo: ScriptedTurn = (request) => ({ stop_reason: "end_turn", content: [{ type: "text", text: lastResultText(request) }] });
/** The first `[ref_N]` of the last result: find lists its best match first. */
const firstRef = (request: RecordedRequest): string => {
  const ref = /\[(ref_\d+)\]/.exec(lastResultText(request))?.[1];
  if (ref === undefined) throw new Error(`no ref in:\n${lastResultText(request)}`);
  return ref;
};

/** The tabs of the last result's browser_state block, in the order it lists them. */
const inventory = (request: RecordedRequest): Array<{ tab_id: string; active?: boolean; url: string }> =>
  (toolResults(request)[0]?.content.find((block) => block.type === "browser_state")?.tabs ?? []) as Array<{
    tab_id: string;
    active?: boolean;
    url: string;
  }>;

const SCRIPTS: Record<string, ScriptedTurn[]> = {
  "add the storm lamp": [
    call("find", { query: "the add to cart button for the storm lamp" }),
    (request) => ({ stop_reason: "tool_use", content: [toolUse("left_click", { target: { type: "ref", ref: firstRef(request) } })] }),
    call("get_page_text", {}),
    echo,
  ],
  "note by the button": [
    call("read_page", { filter: "all" }),
    (request) => ({
      stop_reason: "tool_use",
      content: [
        toolUse("left_click", { target: { type: "ref", ref: refIn(request, "button", "Start a note") } }),
        toolUse("type", { text: "Nice lamp" }),
      ],
    }),
    call("get_page_text", {}),
    echo,
  ],
  "switch and close tabs": [
    call("new_tab", {}),
    (request) => call("switch_tab", { tab_id: inventory(request)[0]?.tab_id })(request),
    (request) => call("close_tab", { tab_id: inventory(request)[1]?.tab_id })(request),
    call("list_tabs", {}),
    () => ({ stop_reason: "end_turn", content: [{ type: "text", text: "switched" }] }),
  ],
  "read the network": [call("read_network", {}), echo],
  "read below the fold": [
    call("read_page", {}),
    call("read_page", { filter: "interactive" }),
    call("read_page", { filter: "all" }),
    () => ({ stop_reason: "end_turn", content: [{ type: "text", text: "read" }] }),
  ],
  "reload the long page": [call("navigate", { url: "reload" }), call("get_page_text", {}), echo],
  "read the very long page": [call("get_page_text", {}), echo],
  "open and list tabs": [
    call("new_tab", {}),
    call("list_tabs", {}),
    () => ({ stop_reason: "end_turn", content: [{ type: "text", text: "listed" }] }),
  ],
  "fill both names": [
    call("read_page", { filter: "all" }),
    (request) => ({
      stop_reason: "tool_use",
      content: [
        toolUse("left_click", { target: { type: "ref", ref: refIn(request, "textbox", "First name") } }),
        toolUse("type", { text: "Ada" }),
        toolUse("key", { text: "Tab" }),
        toolUse("type", { text: "Love lace" }),
      ],
    }),
    call("get_page_text", {}),
    echo,
  ],
};

/** Claude's browser toolset against the seed's member descriptions, through a real task in real Chromium. */
describe("Claude toolset members as the seed describes them", () => {
  const { session, fake } = useClaudeTaskSession(SCRIPTS);

  const run = async (goal: string, startUrl = session().pages.url("/toolset-shop.html")): Promise<string> => {
    const { id } = await session().client.request("tasks.start", { goal, startUrl });
    const done = await session().client.request("tasks.wait", { id }, { timeoutMs: 60_000 });
    expect(done.status).toBe("succeeded");
    return done.answer ?? "";
  };
  const resultsOf = (goal: string): string[] =>
    fake()
      .requests.filter((request) => request.body.messages[0]?.content === goal)
      .map(lastResultText);

  it("find takes a description and lists the best match first: the storm lamp's add-to-cart button", async () => {
    const page = await run("add the storm lamp");
    expect(page).toContain("Cart: Storm lamp");
    const found = resultsOf("add the storm lamp")[1] ?? "";
    expect(found).toMatch(/best first/);
    // Best first: the three buttons lead, then the storm lamp's heading; the seed's tagged lines.
    const lines = found.split("\n").filter((line) => /^(button|heading|main)\b/.test(line));
    expect(lines.slice(0, 4)).toEqual([
      expect.stringMatching(/^button "Add to cart" \[ref_\d+\]$/),
      expect.stringMatching(/^button "Add to cart"/),
      expect.stringMatching(/^button "Add to cart"/),
      'heading "Storm lamp" [level=3]',
    ]);
    expect(lines).not.toContain("main");
  });

  it("read_page follows the seed's filters: none is every visible element, interactive the visible targets, all the whole page", async () => {
    const url = inlinePage(
      session().pages,
      `<title>Fold</title><main><p>Intro text</p><button>Above the fold</button>
      <div style="height: 3000px"></div><p>Far text</p><button>Below the fold</button></main>`,
    );
    expect(await run("read below the fold", url)).toBe("read");
    const [visible = "", interactive = "", all = ""] = resultsOf("read below the fold").slice(1);
    expect(visible).toContain("Intro text");
    expect(visible).toMatch(/button "Above the fold" \[ref_\d+\]/);
    expect(visible).not.toContain("Below the fold");
    expect(visible).not.toContain("Far text");
    expect(interactive).toMatch(/button "Above the fold" \[ref_\d+\]/);
    expect(interactive).not.toContain("Intro text");
    expect(interactive).not.toContain("Below the fold");
    expect(all).toContain("Far text");
    expect(all).toMatch(/button "Below the fold" \[ref_\d+\]/);
  });

  it("type types at the current focus: after a key Tab, into the next field, not the one clicked", async () => {
    expect(await run("fill both names")).toContain("Fields: first=Ada last=Love lace");
  });

  it("type types where a clicked button's handler moved the focus, not into the button", async () => {
    const url = inlinePage(
      session().pages,
      `<title>Notes</title><button onclick="document.getElementById('note').focus()">Start a note</button>
      <textarea id="note" aria-label="Note" oninput="document.getElementById('echo').textContent = 'Note: ' + this.value"></textarea>
      <p id="echo">Note: none</p>`,
    );
    expect(await run("note by the button", url)).toContain("Note: Nice lamp");
  });

  it("read_network names each response's MIME type", async () => {
    const url = session().pages.url("/toolset-shop.html");
    expect(await run("read the network", url)).toContain(`GET ${url} 200 text/html`);
  });

  it("navigate reload reloads a page whose URL is longer than 300 characters, at that whole URL", async () => {
    const url = `${session().pages.url("/toolset-shop.html")}?q=${"storm-lamp-".repeat(40)}#details`;
    expect(url.length).toBeGreaterThan(400);
    expect(await run("reload the long page", url)).toContain(`Loads: 2 at a URL of ${url.length} characters`);
  });

  it("get_page_text gives the model the first 50,000 characters of a longer page and keeps the whole text as a page_text artifact", async () => {
    const paragraphs =
      "for (let i = 0; i < 1500; i++) { const p = document.createElement('p'); p.textContent = 'Paragraph ' + i + ': ' + 'the quick brown fox jumps over the lazy dog. '.repeat(2); document.querySelector('main').append(p); }";
    const url = inlinePage(session().pages, `<title>Very long</title><main><h1>Very long</h1></main><script>${paragraphs}</script>`);
    const { id } = await session().client.request("tasks.start", { goal: "read the very long page", startUrl: url });
    const done = await session().client.request("tasks.wait", { id }, { timeoutMs: 60_000 });
    expect(done.status).toBe("succeeded");
    const given = done.answer ?? "";
    expect(given).toContain("Paragraph 0:");
    expect(given).not.toContain("Paragraph 1499:");
    const saved = /page_text artifact "([^"]+)"/.exec(given)?.[1];
    if (saved === undefined) throw new Error(`the model was not told where the text is: ${given.slice(-300)}`);
    const detail = await session().client.request("tasks.get", { id });
    expect(detail.artifacts).toEqual([expect.objectContaining({ name: saved, kind: "page_text", mimeType: "text/markdown" })]);
    const whole = await session().client.request("tasks.artifact", { id, name: saved });
    expect(whole.content).toContain("Paragraph 1499:");
    expect(whole.content.length).toBeGreaterThan(100_000);
  });

  it("switch_tab makes a tab the active one and close_tab closes it; the inventory follows", async () => {
    const start = session().pages.url("/toolset-shop.html");
    expect(await run("switch and close tabs", start)).toBe("switched");
    const requests = fake().requests.filter((request) => request.body.messages[0]?.content === "switch and close tabs");
    const [, afterNew, afterSwitch, afterClose, afterList] = requests.map(inventory);
    expect(afterNew).toHaveLength(2);
    expect(afterNew?.[1]).toMatchObject({ active: true });
    // After switch_tab, the first tab is the active one.
    expect(afterSwitch?.map((tab) => tab.active === true)).toEqual([true, false]);
    expect(afterClose).toEqual([expect.objectContaining({ url: start, active: true })]);
    expect(afterList).toEqual(afterClose);
  });

  it("new_tab and list_tabs answer one browser_state block each: the inventory with only the active tab marked", async () => {
    const start = session().pages.url("/toolset-shop.html");
    expect(await run("open and list tabs", start)).toBe("listed");
    const [, afterNewTab, afterList] = fake()
      .requests.filter((request) => request.body.messages[0]?.content === "open and list tabs")
      .map((request) => toolResults(request)[0]?.content);
    const first = { tab_id: expect.stringMatching(/^tab-\d+$/), title: "Lamps and fans", url: start };
    const opened = { tab_id: expect.stringMatching(/^tab-\d+$/), title: expect.any(String), url: "about:blank", active: true };
    expect(afterNewTab).toEqual([
      {
        type: "browser_state",
        tabs: [first, opened],
        state_changes: [{ type: "tab_opened", tab_id: (afterNewTab?.[0]?.tabs?.[1] as { tab_id: string } | undefined)?.tab_id }],
      },
    ]);
    expect(afterList).toEqual([{ type: "browser_state", tabs: [first, opened] }]);
  });
});
