import { describe, expect, it } from "vitest";
import { toolResultOf } from "../../agent-client/mcp/toolResult.js";
import { mergedDiff } from "../../extension/background/tools/interaction/mergedEffects.js";
import { withFirstLook } from "../../extension/background/tools/perception/firstLookAnswer.js";
import { FIRST_LOOK_CHARS } from "../../protocol/index.js";

const LOOK = {
  snapshotId: "snew_1",
  url: "http://shop.test/cart",
  title: "Cart",
  text: '# Page Snapshot (snew_1)\nURL: http://shop.test/cart\nTitle: Cart\n\n- heading "Cart" [level=1]\n- link "Checkout" [ref=snew_1_1]',
  refCount: 1,
  truncated: false,
  source: "dom",
};

const NAVIGATED_CLICK = {
  tabId: 4,
  ref: "sold_1_3",
  target: { role: "link", name: "Cart" },
  recovered: false,
  input: "synthetic",
  effect: "navigated",
  navigated: true,
  url: "http://shop.test/cart",
  dialogs: [],
  settled: { dom: true, network: true, waitedMs: 80 },
  observation: { snapshotId: "snew_0", previousSnapshotId: null, text: "", diff: "", interactiveRefs: [], interactiveRefsTruncated: false },
  engine: "dom",
};

function textOf(result: ReturnType<typeof toolResultOf>): string {
  return result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

describe("a write's first look", () => {
  const snapshots: Array<{ tabId: number; maxChars: number }> = [];
  const snapshot = (payload: { tabId: number; maxChars: number }): Promise<unknown> => {
    snapshots.push(payload);
    return Promise.resolve({ ...LOOK, tabId: payload.tabId });
  };

  it("comes with a write that navigated, at FIRST_LOOK_CHARS unless the request sized it", async () => {
    snapshots.length = 0;
    expect(await withFirstLook("browser.click", NAVIGATED_CLICK, undefined, snapshot)).toMatchObject({ first_look: LOOK });
    await withFirstLook("browser.press", NAVIGATED_CLICK, 2_000, snapshot);
    expect(snapshots).toEqual([
      { tabId: 4, maxChars: FIRST_LOOK_CHARS },
      { tabId: 4, maxChars: 2_000 },
    ]);
  });

  it("stays away from an in-page change, a request of 0, and a navigate nobody asked a look of", async () => {
    snapshots.length = 0;
    const inPage = { ...NAVIGATED_CLICK, navigated: false, effect: "page_changed" };
    expect(await withFirstLook("browser.click", inPage, undefined, snapshot)).toEqual(inPage);
    expect(await withFirstLook("browser.click", NAVIGATED_CLICK, 0, snapshot)).toEqual(NAVIGATED_CLICK);
    const navigate = { tabId: 4, url: "http://shop.test/", title: "Shop" };
    expect(await withFirstLook("browser.navigate", navigate, undefined, snapshot)).toEqual(navigate);
    expect(await withFirstLook("browser.go_back", { ...navigate, moved: false }, undefined, snapshot)).toEqual({
      ...navigate,
      moved: false,
    });
    expect(snapshots).toEqual([]);
    expect(await withFirstLook("browser.navigate", navigate, 6_000, snapshot)).toMatchObject({ first_look: LOOK });
  });

  it("is left out, not failed, when the new page cannot be read", async () => {
    const failing = (): Promise<unknown> => Promise.reject(new Error("not scriptable"));
    expect(await withFirstLook("browser.click", NAVIGATED_CLICK, undefined, failing)).toEqual(NAVIGATED_CLICK);
  });

  it("reads, through MCP, as the new page with its refs inside the page-data marking", () => {
    const text = textOf(toolResultOf("click", { ...NAVIGATED_CLICK, first_look: LOOK }));
    expect(text).toContain("The tab went to a new document (its old refs are gone); its first look follows (refCount=1 source=dom).");
    expect(text).not.toContain("call snapshot");
    const marked = /<<<page-data (\w+)>>>\n([\s\S]*)\n<<<end page-data \1>>>/.exec(text)?.[2] ?? "";
    expect(marked).toContain('- link "Checkout" [ref=snew_1_1]');
    // The look's header says where the tab is: the URL is not said twice.
    expect(text.split("http://shop.test/cart").length - 1).toBe(1);
    const navigated = textOf(toolResultOf("navigate", { tabId: 4, url: LOOK.url, title: "Cart", first_look: LOOK }));
    expect(navigated).toMatch(/^navigate \[tabId=4\]:\nThe page's first look follows \(refCount=1 source=dom\)\.\n<<<page-data/);
  });

  it("without a look, tells the model to take one", () => {
    expect(textOf(toolResultOf("click", NAVIGATED_CLICK))).toContain("call snapshot to see it");
  });
});

describe("fill_form's one diff", () => {
  it("keeps each field's net change, in the order first seen", () => {
    const diff = mergedDiff([
      '- textbox "Name" [ref=a]\n+ textbox "Name" [value="A"] [ref=a]',
      '- textbox "Name" [value="A"] [ref=a]\n+ textbox "Name" [value="Ada"] [ref=a]',
      '- checkbox "News" [ref=b]\n+ checkbox "News" [checked] [ref=b]',
    ]);
    expect(diff.split("\n")).toEqual([
      '- textbox "Name" [ref=a]',
      '+ textbox "Name" [value="Ada"] [ref=a]',
      '- checkbox "News" [ref=b]',
      '+ checkbox "News" [checked] [ref=b]',
    ]);
  });

  it("drops a change a later step took back", () => {
    expect(
      mergedDiff([
        '- button "Save" [ref=c]\n+ button "Save" [disabled] [ref=c]',
        '- button "Save" [disabled] [ref=c]\n+ button "Save" [ref=c]',
      ]),
    ).toBe("");
  });
});
