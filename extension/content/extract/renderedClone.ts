import { isReadOnlyField } from "../dom/readOnlyField.js";
import * as dom from "../dom/intrinsics.js";

/** Elements whose content is never reading matter. */
const DROPPED_TAGS = new Set(["script", "style", "noscript", "template", "link", "meta", "object", "embed", "canvas"]);

/**
 * A copy of a live subtree inside an inert document (no scripts run, nothing loads),
 * without what the page does not render (display:none, [hidden], closed <details>), and
 * with links and images made absolute while the live element can still resolve them.
 * Readability and turndown read markup, not layout; this gives them what a reader sees,
 * read-only fields' values included (turndown drops form fields; their text is content).
 */
export function renderedClone(source: Element, into: Document): Element {
  let copy = dom.importNode(into, source, true);
  const live = [source, ...Array.from(dom.querySelectorAll(source, "*"))];
  const copies = [copy, ...Array.from(dom.querySelectorAll(copy, "*"))];
  const dropped = new Set<Element>();
  live.forEach((element, index) => {
    const twin = copies[index];
    if (twin === undefined) return;
    const parent = dom.parentElement(element);
    if ((parent !== null && dropped.has(parent)) || DROPPED_TAGS.has(dom.localName(element)) || !isRendered(element)) {
      if (!(parent !== null && dropped.has(parent))) dom.remove(twin);
      dropped.add(element);
      return;
    }
    // visibility:hidden hides an element's own text, yet a child may show itself again.
    if (!isVisible(element)) removeOwnText(twin);
    if (isReadOnlyField(element)) {
      const shown = valueParagraphs(element as HTMLTextAreaElement | HTMLInputElement, into);
      if (twin === copy) copy = shown;
      else dom.replaceWith(twin, shown);
      return;
    }
    absolutize(element, twin);
  });
  return copy;
}

/** A field's value as the paragraphs a reader sees, one per line. */
function valueParagraphs(field: HTMLTextAreaElement | HTMLInputElement, into: Document): Element {
  const block = dom.createElement(into, "div");
  for (const line of field.value.split(/\r\n|\r|\n/)) {
    if (line.trim() === "") continue;
    const paragraph = dom.createElement(into, "p");
    dom.setTextContent(paragraph, line);
    dom.append(block, paragraph);
  }
  return block;
}

function isRendered(element: Element): boolean {
  if (dom.localName(element) === "body" || dom.localName(element) === "html") return true;
  const boxed = dom.checkVisibility(element);
  // display:contents has no box of its own, yet its children render.
  return boxed || (dom.defaultView(dom.ownerDocument(element)) ?? window).getComputedStyle(element).display === "contents";
}

function isVisible(element: Element): boolean {
  return (dom.defaultView(dom.ownerDocument(element)) ?? window).getComputedStyle(element).visibility === "visible";
}

function removeOwnText(twin: Element): void {
  for (const child of Array.from(dom.childNodes(twin))) if (dom.nodeType(child) === 3) dom.remove(child);
}

function absolutize(element: Element, twin: Element): void {
  if (dom.localName(element) === "a" && dom.hasAttribute(element, "href")) {
    dom.setAttribute(twin, "href", (element as HTMLAnchorElement).href);
  } else if (dom.localName(element) === "img") {
    const image = element as HTMLImageElement;
    const src = image.currentSrc || image.src;
    if (src !== "") dom.setAttribute(twin, "src", src);
    dom.removeAttribute(twin, "srcset");
  }
}
