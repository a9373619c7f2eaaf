import type { ContentRequest } from "../../../protocol/contentMessages.js";
import type { ContentResult } from "../../../protocol/contentReplies.js";
import { composedParent } from "../dom/composedTree.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { resolveTarget } from "./actionTarget.js";
import * as dom from "../dom/intrinsics.js";

type ScrollRequest = Extract<ContentRequest, { op: "scroll" }>;
type Direction = ScrollRequest["direction"];

/** Share of the viewport (or scrolled element) one default scroll covers. */
const DEFAULT_SCROLL_FRACTION = 0.8;

/** How long a scroll waits for its scroll event: it comes with the next rendered frame, if one comes. */
const SCROLL_EVENT_WAIT_MS = 100;

/**
 * The "scroll" op: the page, or the scroll container that holds the ref's element. It
 * answers once the page's own scroll handlers ran (lazy loading, sticky headers, "scrolled"
 * logs), which happens with the next frame: a headed window's frames are paced by its
 * display, so reading at once could see the page before it reacted. A page that gets no
 * frames (a background tab) is waited for only that long.
 */
export async function scrollPageOrRef(registry: RefRegistry, request: ScrollRequest): Promise<ContentResult<"scroll">> {
  const vertical = request.direction === "up" || request.direction === "down";
  const scroller = request.ref === undefined ? pageScroller(document) : scrollerFor(resolveTarget(registry, request.ref).element, vertical);
  const extent = vertical ? dom.clientHeight(scroller) : dom.clientWidth(scroller);
  const amount = request.amount ?? Math.max(1, Math.round(extent * DEFAULT_SCROLL_FRACTION));
  const sign = request.direction === "up" || request.direction === "left" ? -1 : 1;
  const before = { x: dom.scrollLeft(scroller), y: dom.scrollTop(scroller) };
  const view = dom.defaultView(dom.ownerDocument(scroller)) ?? window;
  const reacted = new Promise<void>((resolve) => {
    const timer = setTimeout(done, SCROLL_EVENT_WAIT_MS);
    // Capturing on the window: it sees the page's scroll and an element's; the page's own handlers on the target run before the bubble ends.
    view.addEventListener("scroll", done, { capture: true, once: true });
    function done(): void {
      clearTimeout(timer);
      view.removeEventListener("scroll", done, { capture: true });
      // A task later: the page's handlers for this event (and the ones they queued at once) have run.
      setTimeout(resolve, 0);
    }
  });
  dom.scrollBy(scroller, { left: vertical ? 0 : sign * amount, top: vertical ? sign * amount : 0, behavior: "instant" });
  const after = { x: dom.scrollLeft(scroller), y: dom.scrollTop(scroller) };
  if (after.x !== before.x || after.y !== before.y) await reacted;
  return {
    scrollX: after.x,
    scrollY: after.y,
    moved: after.x !== before.x || after.y !== before.y,
    atEnd: atEnd(scroller, request.direction),
  };
}

function pageScroller(document: Document): Element {
  return dom.scrollingElement(document) ?? dom.documentElement(document);
}

/** The element itself when it scrolls on that axis, else its nearest scrolling ancestor, else its page. */
function scrollerFor(element: Element, vertical: boolean): Element {
  const page = pageScroller(dom.ownerDocument(element));
  for (let current: Element | null = element; current !== null; current = composedParent(current)) {
    if (current === page || current === dom.body(dom.ownerDocument(element))) break;
    if (scrollsOn(current, vertical)) return current;
  }
  return page;
}

function scrollsOn(element: Element, vertical: boolean): boolean {
  const style = (dom.defaultView(dom.ownerDocument(element)) ?? window).getComputedStyle(element);
  const overflow = vertical ? style.overflowY : style.overflowX;
  if (overflow !== "auto" && overflow !== "scroll" && overflow !== "overlay") return false;
  return vertical ? dom.scrollHeight(element) > dom.clientHeight(element) : dom.scrollWidth(element) > dom.clientWidth(element);
}

// One pixel of slack: fractional zoom leaves positions a hair short of the maximum.
function atEnd(scroller: Element, direction: Direction): boolean {
  switch (direction) {
    case "up":
      return dom.scrollTop(scroller) <= 0;
    case "left":
      return dom.scrollLeft(scroller) <= 0;
    case "down":
      return dom.scrollTop(scroller) + dom.clientHeight(scroller) >= dom.scrollHeight(scroller) - 1;
    case "right":
      return dom.scrollLeft(scroller) + dom.clientWidth(scroller) >= dom.scrollWidth(scroller) - 1;
  }
}
