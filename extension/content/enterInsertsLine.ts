import { isEditableRoot } from "./accessibility/accessibleRole.js";
import { pageRecord, recordedHandlerTypes } from "./pageRecord/pageRecord.js";
import { handlerBitTable } from "../shared/handlerTypes.js";
import * as dom from "./dom/intrinsics.js";

/** Elements a rich-text editor lays its paragraphs out in. */
const BLOCK_TAGS = new Set(["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "pre", "blockquote", "table", "figure"]);
const BITS = handlerBitTable();
const KEY_BITS = (BITS.keydown ?? 0) | (BITS.keypress ?? 0);

/**
 * Whether Enter in `element` starts a new line or paragraph rather than sending something,
 * judged by what the editor is, not by its name (docs/gatekeeper.md):
 * - an editing host that says it is multi-line (aria-multiline="true") or lays its text out
 *   in paragraphs (every child a block: Slate, Lexical, ProseMirror, Quill, TinyMCE);
 * - a textarea in the top document with no key handler of the page's on it or around it, so
 *   its Enter is the browser's newline.
 * A composer whose text sits bare in its host, or a textarea with a key handler that may send,
 * is not one: its Enter is still judged as a send.
 */
export function enterInsertsLine(element: Element): boolean {
  if (dom.localName(element) === "textarea") return plainTextarea(element);
  const host = editingHost(element);
  if (host === null) return false;
  if (dom.getAttribute(host, "aria-multiline") === "true") return true;
  const blocks = Array.from(dom.children(host));
  return blocks.length > 0 && blocks.every((child) => BLOCK_TAGS.has(dom.localName(child)));
}

function editingHost(element: Element): Element | null {
  for (let current: Element | null = element; current !== null; current = dom.parentElement(current)) {
    if (isEditableRoot(current)) return current;
    if (dom.isContentEditable(current as HTMLElement) !== true) return null;
  }
  return null;
}

function plainTextarea(textarea: Element): boolean {
  // Listeners are recorded in the top document only: elsewhere a handler could hide.
  if (pageRecord() === null || dom.ownerDocument(textarea) !== document) return false;
  for (let current: Element | null = textarea; current !== null; current = dom.parentElement(current)) {
    if ((recordedHandlerTypes(current) & KEY_BITS) !== 0) return false;
    // Inline handlers (onkeydown="…") are attributes, not recorded listeners.
    if (dom.hasAttribute(current, "onkeydown") || dom.hasAttribute(current, "onkeypress")) return false;
  }
  return true;
}
