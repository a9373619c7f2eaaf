import { hasEditContext, hiddenInputSurface } from "./editorSurface.js";
import * as dom from "../dom/intrinsics.js";

/** Zero-width characters editors keep in empty lines and at mark edges (Slate's FEFF, ProseMirror's ZWSP). */
const ZERO_WIDTH = /[\u200b\ufeff]/g;
/** Code editors draw a line's spaces as no-break spaces. */
const NO_BREAK_SPACE = /\u00a0/g;
/**
 * Where a code editor draws its text, beside its gutter and overlays: Monaco's view lines,
 * CodeMirror's content, Ace's text layer.
 */
const TEXT_LAYERS = ".view-lines, .cm-content, .ace_text-layer";

/**
 * The text the page shows in an editable element, as typing's answer and its check read it:
 * an editing host's text without the parts it marks non-editable (a placeholder in a
 * contenteditable=false span, as Slate renders it) or zero-width characters, and for a code
 * editor's hidden input the text its editor draws.
 */
export function editableText(element: HTMLElement): string {
  const surface = hiddenInputSurface(element) ?? (hasEditContext(element) ? dom.parentElement(element) : null);
  if (surface !== null) return shownLines(dom.querySelector(surface, TEXT_LAYERS) ?? surface);
  return hostText(element);
}

function hostText(host: HTMLElement): string {
  let text = dom.innerText(host);
  for (const part of Array.from(dom.querySelectorAll(host, "[contenteditable=false]"))) {
    const shown = dom.innerText(part as HTMLElement);
    const at = shown === "" ? -1 : text.lastIndexOf(shown);
    if (at >= 0) text = text.slice(0, at) + text.slice(at + shown.length);
  }
  return text.replace(ZERO_WIDTH, "").replace(/\n+$/, "").replace(/^\n+$/, "");
}

function shownLines(layer: Element): string {
  return dom
    .innerText(layer as HTMLElement)
    .replace(NO_BREAK_SPACE, " ")
    .replace(ZERO_WIDTH, "")
    .replace(/\n+$/, "");
}
