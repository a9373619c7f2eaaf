import { computeAccessibleName } from "dom-accessibility-api";
import type { LayoutCache } from "../dom/layoutCache.js";
import { normalizeWhitespace } from "../dom/textNormalize.js";

/**
 * Accessible name per accname 1.2 (dom-accessibility-api), with Chrome's placeholder
 * fallback for text fields, which that library does not apply.
 */
export function computeName(element: Element, layout: LayoutCache): string {
  const name = normalizeWhitespace(
    computeAccessibleName(element, {
      getComputedStyle: layout.getComputedStyle,
      computedStyleSupportsPseudoElements: true,
    }),
  );
  if (name !== "") return name;
  const placeholder = element.getAttribute("placeholder") ?? element.getAttribute("aria-placeholder");
  return placeholder === null ? "" : normalizeWhitespace(placeholder);
}

/**
 * A name for a clickable node that has no role to name it (a div with cursor:pointer):
 * its rendered text, so the agent can tell such targets apart.
 */
export function textName(element: Element): string {
  const text = (element as HTMLElement).innerText ?? element.textContent ?? "";
  return normalizeWhitespace(text.length > 400 ? text.slice(0, 400) : text);
}
