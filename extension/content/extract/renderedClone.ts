import { isReadOnlyField } from "../dom/readOnlyField.js";

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
  let copy = into.importNode(source, true);
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
    if (isReadOnlyField(element)) {
      const shown = valueParagraphs(element as HTMLTextAreaElement | HTMLInputElement, into);
      if (twin === copy) copy = shown;
      else twin.replaceWith(shown);
      return;
    }
    absolutize(element, twin);
  });
  return copy;
}

/** A field's value as the paragraphs a reader sees, one per line. */
function valueParagraphs(field: HTMLTextAreaElement | HTMLInputElement, into: Document): Element {
  const block = into.createElement("div");
  for (const line of field.value.split(/\r\n|\r|\n/)) {
    if (line.trim() === "") continue;
    const paragraph = into.createElement("p");
    paragraph.textContent = line;
    block.append(paragraph);
  }
  return block;
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
