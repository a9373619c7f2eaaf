import type { LayoutCache } from "../dom/layoutCache.js";
import { normalizeNameWhitespace, normalizeWhitespace } from "../dom/textNormalize.js";
import { textAlternative } from "./textAlternative.js";
import * as dom from "../dom/intrinsics.js";

/**
 * Accessible name per accname 1.2 (textAlternative.ts), with Chrome's placeholder
 * fallback for text fields.
 */
export function computeName(element: Element, layout: LayoutCache): string {
  const name = normalizeNameWhitespace(textAlternative(element, layout));
  if (name !== "") return name;
  const placeholder = dom.getAttribute(element, "placeholder") ?? dom.getAttribute(element, "aria-placeholder");
  return placeholder === null ? "" : normalizeNameWhitespace(placeholder);
}

/**
 * A name for a clickable node that has no role to name it (a div with cursor:pointer):
 * its rendered text, so the agent can tell such targets apart.
 */
export function textName(element: Element): string {
  const text = dom.innerText(element as HTMLElement) ?? dom.textContent(element) ?? "";
  return normalizeWhitespace(text.length > 400 ? text.slice(0, 400) : text);
}
