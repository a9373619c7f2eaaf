import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "puppeteer-core";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { buildWidgetFixtures, serveWidgetFixtures, type BuiltWidgets } from "../helpers/widgetFixtures.js";

/**
 * browser.drag with the real libraries: SortableJS (native HTML5 drag and drop), dnd-kit's
 * sortable list (pointer events, an activation distance) and a noUiSlider handle. Five drags
 * in a row on one page, each judged on the library's own state (Sortable's toArray(), the
 * React state dnd-kit's onDragEnd wrote, slider.get()), so a drag that undoes the last shows.
 */
describe("drag moves what the libraries move", () => {
  let session: WebOperatorSession;
  let built: BuiltWidgets;

  beforeAll(async () => {
    session = await startWebOperatorSession();
    built = await buildWidgetFixtures(["sortable", "dndkit", "nouislider"]);
    serveWidgetFixtures(session.pages, built);
  });
  afterAll(async () => {
    await session?.close();
    built?.remove();
  });

  async function widgetPage(url: string): Promise<Page> {
    for (const page of await session.launched.browser.pages()) if (page.url() === url) return page;
    throw new Error(`${url} is not open`);
  }
  async function state<T>(url: string): Promise<T> {
    return (await widgetPage(url)).evaluate(() => (window as unknown as { widgetState(): T }).widgetState());
  }
  /** Opens a widget page and answers its snapshot once the library has drawn it. */
  async function open(name: string, drawn: string): Promise<{ url: string; snapshot: () => Promise<string> }> {
    const url = session.pages.url(`/widgets/${name}.html`);
    await session.client.request("browser.navigate", { url });
    await (await widgetPage(url)).waitForSelector(drawn);
    return { url, snapshot: async () => (await session.client.request("browser.snapshot", {})).text };
  }
  /** The ref of the item with this name: `- listitem [ref=…]: Dune` (Sortable) or `- button "Apples" [ref=…]` (dnd-kit's sortable role). */
  function itemRef(snapshot: string, name: string): string {
    const line = snapshot.split("\n").find((each) => /\[ref=/.test(each) && (each.endsWith(`: ${name}`) || each.includes(`"${name}"`)));
    const ref = line === undefined ? undefined : /\[ref=([^\]]+)\]/.exec(line)?.[1];
    if (ref === undefined) throw new Error(`no list item "${name}" with a ref in:\n${snapshot}`);
    return ref;
  }

  /** Each drag names its end as a person would, and the expected order follows from "onto", "before" or "after". */
  const moves: Array<{ item: string; target: string; position?: "before" | "on" | "after" }> = [
    { item: "A", target: "D" },
    { item: "A", target: "B" },
    { item: "E", target: "B", position: "before" },
    { item: "C", target: "D", position: "after" },
    { item: "B", target: "E", position: "before" },
  ];

  /** The order a person means: "onto" takes the target's place; before and after are beside it. */
  function expected(order: string[], item: string, target: string, position: "before" | "on" | "after"): string[] {
    const from = order.indexOf(item);
    const rest = order.filter((each) => each !== item);
    const at = rest.indexOf(target);
    const index = position === "before" ? at : position === "after" ? at + 1 : from < order.indexOf(target) ? at + 1 : at;
    return [...rest.slice(0, index), item, ...rest.slice(index)];
  }

  for (const [widget, names] of [
    ["sortable", { A: "Dune", B: "Emma", C: "Ulysses", D: "Beloved", E: "Walden" }],
    ["dndkit", { A: "Apples", B: "Bread", C: "Cheese", D: "Dates", E: "Eggs" }],
  ] as const) {
    it(`reorders a ${widget} list five times in a row, each drop where it was pointed`, async () => {
      const page = await open(widget, "li");
      let order = (await state<{ order: string[] }>(page.url)).order;
      for (const move of moves) {
        const item: string = names[move.item as keyof typeof names];
        const target: string = names[move.target as keyof typeof names];
        const label = (each: string): string => (widget === "sortable" ? each.toLowerCase() : each);
        const snapshot = await page.snapshot();
        const dragged = await session.client.request("browser.drag", {
          from: { ref: itemRef(snapshot, item) },
          to: { ref: itemRef(snapshot, target) },
          ...(move.position === undefined ? {} : { position: move.position }),
        });
        expect(dragged.mode).toBe(widget === "sortable" ? "html5" : "pointer");
        order = expected(order, label(item), label(target), move.position ?? "on");
        expect((await state<{ order: string[] }>(page.url)).order, `${item} ${move.position ?? "onto"} ${target}`).toEqual(order);
      }
    });
  }

  it("moves a noUiSlider handle to five values in a row, each from where the last left it", async () => {
    const page = await open("nouislider", ".noUi-handle");
    const tab = await widgetPage(page.url);
    const track = await tab.$eval(".noUi-base", (element) => {
      const box = element.getBoundingClientRect();
      return { left: box.left, width: box.width, middle: box.top + box.height / 2 };
    });
    for (const value of [70, 30, 90, 10, 50]) {
      const handle = findRef(await page.snapshot(), "slider", "Volume");
      const dragged = await session.client.request("browser.drag", {
        from: { ref: handle },
        to: { x: track.left + (track.width * value) / 100, y: track.middle },
      });
      expect(dragged.mode).toBe("pointer");
      expect((await state<{ value: number }>(page.url)).value, `to ${value}`).toBe(value);
    }
  });

  it("reorders in a background tab, which gets no animation frames, without bringing it to the front", async () => {
    // The agent's own tab leaves the widgets, so each widget page below is the background tab's alone.
    await session.client.request("browser.navigate", { url: session.pages.url("/tabs-one.html") });
    for (const [widget, [a, b, c, d, e]] of [
      ["sortable", ["Dune", "Emma", "Ulysses", "Beloved", "Walden"]],
      ["dndkit", ["Apples", "Bread", "Cheese", "Dates", "Eggs"]],
    ] as const) {
      const url = session.pages.url(`/widgets/${widget}.html`);
      const opened = await session.client.request("browser.tab_open", { url });
      expect(opened.active).toBe(false);
      await (await widgetPage(url)).waitForSelector("li");
      const snapshot = (await session.client.request("browser.snapshot", { tabId: opened.tabId })).text;
      await session.client.request("browser.drag", {
        tabId: opened.tabId,
        from: { ref: itemRef(snapshot, a) },
        to: { ref: itemRef(snapshot, e) },
      });
      const again = (await session.client.request("browser.snapshot", { tabId: opened.tabId })).text;
      await session.client.request("browser.drag", {
        tabId: opened.tabId,
        from: { ref: itemRef(again, e) },
        to: { ref: itemRef(again, b) },
        position: "before",
      });
      const order = (await state<{ order: string[] }>(url)).order.map((each) => each.toLowerCase());
      expect(order).toEqual([e, b, c, d, a].map((each) => each.toLowerCase()));
      const tabs = (await session.client.request("browser.tabs_list", {})).tabs;
      expect(tabs.find((each) => each.tabId === opened.tabId)?.active).toBe(false);
      await session.client.request("browser.tab_close", { tabId: opened.tabId });
    }
  });
});
