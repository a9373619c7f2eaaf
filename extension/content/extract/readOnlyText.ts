import * as dom from "../dom/intrinsics.js";
import { isReadOnlyField } from "../dom/readOnlyField.js";

/**
 * innerText leaves out every form field's value, yet a read-only field's value is text the
 * page shows (a shopping list in a `<textarea readonly>`). This is innerText with those values
 * in their places: only the elements on the way from `source` down to a shown read-only field
 * are read child by child; everything else, and every page without such fields, is innerText.
 */
export function textWithReadOnlyValues(source: Element): string {
  const fields = shownReadOnlyFields(source);
  if (fields.size === 0) return innerTextOf(source);
  const holders = new Set<Element>();
  for (const field of fields)
    for (let node = dom.parentElement(field); node !== null && !holders.has(node); node = dom.parentElement(node)) holders.add(node);
  return readPart(source, fields, holders);
}

function shownReadOnlyFields(source: Element): Set<Element> {
  const candidates = [source, ...Array.from(dom.querySelectorAll(source, "textarea, input"))];
  return new Set(candidates.filter((element) => isReadOnlyField(element) && isRendered(element)));
}

function readPart(element: Element, fields: ReadonlySet<Element>, holders: ReadonlySet<Element>): string {
  if (fields.has(element)) return `\n${(element as HTMLTextAreaElement | HTMLInputElement).value}\n`;
  if (!holders.has(element)) return innerTextOf(element);
  const style = getComputedStyle(element);
  let text = "";
  for (let child = dom.firstChild(element); child !== null; child = dom.nextSibling(child)) {
    if (dom.nodeType(child) === Node.TEXT_NODE) {
      const run = style.visibility === "visible" ? (child as Text).data.replace(/\s+/g, " ") : "";
      text += text === "" || text.endsWith("\n") ? run.trimStart() : run;
      continue;
    }
    if (dom.nodeType(child) !== Node.ELEMENT_NODE || !isRendered(child as Element)) continue;
    const part = readPart(child as Element, fields, holders);
    text += isInline(child as Element) ? part : `\n${part.trim()}\n`;
  }
  return text;
}

function innerTextOf(element: Element): string {
  return dom.innerText(element as HTMLElement);
}

/** innerText of an element with no box is its textContent, hidden text included: such elements are skipped. */
function isRendered(element: Element): boolean {
  if (dom.localName(element) === "body" || dom.localName(element) === "html") return true;
  return dom.checkVisibility(element) || getComputedStyle(element).display === "contents";
}

function isInline(element: Element): boolean {
  const display = getComputedStyle(element).display;
  return display.startsWith("inline") || display === "contents";
}
