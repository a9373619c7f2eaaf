/** Elements whose content is never reading matter. */
const DROPPED_TAGS = new Set(["script", "style", "noscript", "template", "link", "meta", "object", "embed", "canvas"]);

/**
 * A copy of a live subtree inside an inert document (no scripts run, nothing loads),
 * without what the page does not render (display:none, [hidden], closed <details>), and
 * with links and images made absolute while the live element can still resolve them.
 * Readability and turndown read markup, not layout; this gives them what a reader sees.
 */
export function renderedClone(source: Element, into: Document): Element {
  const copy = into.importNode(source, true);
  const live = [source, ...Array.from(source.querySelectorAll("*"))];
  const copies = [copy, ...Array.from(copy.querySelectorAll("*"))];
  const dropped = new Set<Element>();
  live.forEach((element, index) => {
    const twin = copies[index];
    if (twin === undefined) return;
    const parent = element.parentElement;
    if ((parent !== null && dropped.has(parent)) || DROPPED_TAGS.has(element.localName) || !isRendered(element)) {
      if (!(parent !== null && dropped.has(parent))) twin.remove();
      dropped.add(element);
      return;
    }
    // visibility:hidden hides an element's own text, yet a child may show itself again.
    if (!isVisible(element)) removeOwnText(twin);
    absolutize(element, twin);
  });
  return copy;
}

function isRendered(element: Element): boolean {
  if (element.localName === "body" || element.localName === "html") return true;
  const boxed = typeof element.checkVisibility === "function" ? element.checkVisibility() : element.getClientRects().length > 0;
  // display:contents has no box of its own, yet its children render.
  return boxed || (element.ownerDocument.defaultView ?? window).getComputedStyle(element).display === "contents";
}

function isVisible(element: Element): boolean {
  return (element.ownerDocument.defaultView ?? window).getComputedStyle(element).visibility === "visible";
}

function removeOwnText(twin: Element): void {
  for (const child of Array.from(twin.childNodes)) if (child.nodeType === 3) child.remove();
}

function absolutize(element: Element, twin: Element): void {
  if (element.localName === "a" && element.hasAttribute("href")) {
    twin.setAttribute("href", (element as HTMLAnchorElement).href);
  } else if (element.localName === "img") {
    const image = element as HTMLImageElement;
    const src = image.currentSrc || image.src;
    if (src !== "") twin.setAttribute("src", src);
    twin.removeAttribute("srcset");
  }
}
