import type { ContentRequest, ContentResult } from "../../../protocol/index.js";
import { composedParent } from "../dom/composedTree.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { resolveTarget } from "./actionTarget.js";

type ScrollRequest = Extract<ContentRequest, { op: "scroll" }>;
type Direction = ScrollRequest["direction"];

/** Share of the viewport (or scrolled element) one default scroll covers. */
const DEFAULT_SCROLL_FRACTION = 0.8;

/** The "scroll" op: the page, or the scroll container that holds the ref's element. */
export function scrollPageOrRef(registry: RefRegistry, request: ScrollRequest): ContentResult<"scroll"> {
  const vertical = request.direction === "up" || request.direction === "down";
  const scroller = request.ref === undefined ? pageScroller(document) : scrollerFor(resolveTarget(registry, request.ref).element, vertical);
  const extent = vertical ? scroller.clientHeight : scroller.clientWidth;
  const amount = request.amount ?? Math.max(1, Math.round(extent * DEFAULT_SCROLL_FRACTION));
  const sign = request.direction === "up" || request.direction === "left" ? -1 : 1;
  const before = { x: scroller.scrollLeft, y: scroller.scrollTop };
  scroller.scrollBy({ left: vertical ? 0 : sign * amount, top: vertical ? sign * amount : 0, behavior: "instant" });
  const after = { x: scroller.scrollLeft, y: scroller.scrollTop };
  return {
    scrollX: after.x,
    scrollY: after.y,
    moved: after.x !== before.x || after.y !== before.y,
    atEnd: atEnd(scroller, request.direction),
  };
}

function pageScroller(document: Document): Element {
  return document.scrollingElement ?? document.documentElement;
}

/** The element itself when it scrolls on that axis, else its nearest scrolling ancestor, else its page. */
function scrollerFor(element: Element, vertical: boolean): Element {
  const page = pageScroller(element.ownerDocument);
  for (let current: Element | null = element; current !== null; current = composedParent(current)) {
    if (current === page || current === element.ownerDocument.body) break;
    if (scrollsOn(current, vertical)) return current;
  }
  return page;
}

function scrollsOn(element: Element, vertical: boolean): boolean {
  const style = (element.ownerDocument.defaultView ?? window).getComputedStyle(element);
  const overflow = vertical ? style.overflowY : style.overflowX;
  if (overflow !== "auto" && overflow !== "scroll" && overflow !== "overlay") return false;
  return vertical ? element.scrollHeight > element.clientHeight : element.scrollWidth > element.clientWidth;
}

// One pixel of slack: fractional zoom leaves positions a hair short of the maximum.
function atEnd(scroller: Element, direction: Direction): boolean {
  switch (direction) {
    case "up":
      return scroller.scrollTop <= 0;
    case "left":
      return scroller.scrollLeft <= 0;
    case "down":
      return scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
    case "right":
      return scroller.scrollLeft + scroller.clientWidth >= scroller.scrollWidth - 1;
  }
}
