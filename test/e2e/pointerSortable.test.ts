import { describe, expect } from "vitest";
import { sessionTest } from "../helpers/sessionTest.js";
import type { WebOperatorSession } from "../helpers/webOperatorSession.js";

const it = sessionTest();

/**
 * browser.drag on a sortable that listens to mouse events only, as SortableJS's fallback mode
 * and react-beautiful-dnd do: it starts a drag past a movement threshold, picks the slot under
 * the pointer on later moves, settles it on a timer once the pointer rests, and commits on
 * release. The drag reorders it by refs and by points, in the visible tab and in a background one.
 */
describe("drag reorders a mouse-event sortable", () => {
  /** List items take their name from content, so the snapshot prints `- listitem [ref=…]: Task A`. */
  const itemRef = (snapshot: string, name: string): string => {
    const ref = new RegExp(`- listitem \\[ref=([^\\]]+)\\]: ${name}\n`).exec(snapshot)?.[1];
    if (ref === undefined) throw new Error(`no list item "${name}" with a ref in:\n${snapshot}`);
    return ref;
  };
  const pageText = async (session: WebOperatorSession, tabId?: number): Promise<string> =>
    (await session.client.request("browser.extract", tabId === undefined ? {} : { tabId })).text;

  it("drags an item by refs onto a later item, which moves it after that item", async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/pointer-sortable.html") });
    const snapshot = (await session.client.request("browser.snapshot", {})).text;
    const dragged = await session.client.request("browser.drag", {
      from: { ref: itemRef(snapshot, "Task A") },
      to: { ref: itemRef(snapshot, "Task D") },
    });
    expect(dragged).toMatchObject({ mode: "pointer", source: { name: "Task A" }, target: { name: "Task D" } });
    const text = await pageText(session);
    expect(text).toContain("Order: Task B, Task C, Task D, Task A, Task E");
    expect(text).toContain("Last drop: Task A (trusted, page visible)");
  });

  it("drags by points with a single step: the drag starts on that move and the slot comes from the move at the target", async ({
    session,
  }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/pointer-sortable.html") });
    // Items are 40 px tall from y=20: Task C 100-140, Task E 180-220.
    const dragged = await session.client.request("browser.drag", { from: { x: 130, y: 200 }, to: { x: 130, y: 120 }, steps: 1 });
    expect(dragged).toMatchObject({ mode: "pointer", source: { name: "Task E" }, target: { name: "Task C" } });
    expect(await pageText(session)).toContain("Order: Task A, Task B, Task E, Task C, Task D");
  });

  it("reorders in a background tab, which draws no animation frames, without activating it", async ({ session }) => {
    const home = (await session.client.request("browser.tabs_list", {})).tabs.find((tab) => tab.active);
    const opened = await session.client.request("browser.tab_open", { url: session.pages.url("/pointer-sortable.html") });
    expect(opened.active).toBe(false);
    const snapshot = (await session.client.request("browser.snapshot", { tabId: opened.tabId })).text;
    await session.client.request("browser.drag", {
      tabId: opened.tabId,
      from: { ref: itemRef(snapshot, "Task B") },
      to: { ref: itemRef(snapshot, "Task E") },
    });
    const text = await pageText(session, opened.tabId);
    expect(text).toContain("Order: Task A, Task C, Task D, Task E, Task B");
    expect(text).toContain("Last drop: Task B (trusted, page hidden)");
    const after = (await session.client.request("browser.tabs_list", {})).tabs;
    expect(after.find((tab) => tab.active)?.tabId).toBe(home?.tabId);
    await session.client.request("browser.tab_close", { tabId: opened.tabId });
  });
});
