import { hasEditContext, hiddenInputSurface } from "./editorSurface.js";
import { editingHostText, withoutZeroWidth } from "../dom/editingHostText.js";
import * as dom from "../dom/intrinsics.js";

/** Code editors draw a line's spaces as no-break spaces. */
const NO_BREAK_SPACE = /\u00a0/g;
/**
 * Where a code editor draws its text, beside its gutter and overlays: Monaco's view lines,
 * CodeMirror's content, Ace's text layer.
 */
const TEXT_LAYERS = ".view-lines, .cm-content, .ace_text-layer";

/**
 * The text the page shows in an editable element, as typing's answer and its check read it:
 * an editing host's own text (editingHostText.ts), and for a code editor's hidden input the
 * text its editor draws.
 */
export function editableText(element: HTMLElement): string {
  const surface = hiddenInputSurface(element) ?? (hasEditContext(element) ? dom.parentElement(element) : null);
  if (surface !== null) return shownLines(dom.querySelector(surface, TEXT_LAYERS) ?? surface);
  return editingHostText(element);
}

function shownLines(layer: Element): string {
  return withoutZeroWidth(dom.innerText(layer as HTMLElement).replace(NO_BREAK_SPACE, " ")).replace(/\n+$/, "");
}
