import { isShown } from "./actionTarget.js";
import * as dom from "../dom/intrinsics.js";

/** How far up from an editor's hidden input its visible surface may be (Monaco: two levels). */
const SURFACE_DEPTH = 4;
/** A surface is at least this big: a person could click into it. */
const MIN_SURFACE = { width: 20, height: 10 };

/**
 * Code editors take text through an input of their own that is rendered but has no area
 * (Monaco's EditContext element is 0 px wide; older ones use a 1 px textarea) and draw the
 * text elsewhere. A person clicks into the editor they see and types. For such an input this
 * answers the visible editor around it, which actionability checks instead; null for any
 * other element, including one that is hidden for real (display: none, visibility: hidden).
 */
export function hiddenInputSurface(element: Element): Element | null {
  if (!takesText(element) || !dom.checkVisibility(element, { visibilityProperty: true })) return null;
  const box = dom.getBoundingClientRect(element);
  if (box.width > 1 && box.height > 1) return null;
  let current = dom.parentElement(element);
  for (let depth = 0; current !== null && depth < SURFACE_DEPTH; depth++, current = dom.parentElement(current)) {
    const rect = dom.getBoundingClientRect(current);
    if (isShown(current, rect) && rect.width >= MIN_SURFACE.width && rect.height >= MIN_SURFACE.height) return current;
  }
  return null;
}

/** The element the agent sees for `element`: its editor's surface for a hidden input, else itself. */
export function shownElementFor(element: Element): Element {
  return hiddenInputSurface(element) ?? element;
}

/** An element that receives typed text through the EditContext API (Monaco 0.5x): only trusted input reaches it. */
export function hasEditContext(element: Element): boolean {
  const context = (element as Element & { editContext?: object | null }).editContext;
  return context !== undefined && context !== null;
}

/**
 * Editors' inputs: an EditContext, a textarea (Monaco before EditContext, CodeMirror 5, Ace) or
 * an editing host. A tiny <input> is not one: a form's honeypot field looks like that, and
 * stays not_actionable.
 */
function takesText(element: Element): boolean {
  return dom.localName(element) === "textarea" || hasEditContext(element) || dom.isContentEditable(element as HTMLElement);
}
