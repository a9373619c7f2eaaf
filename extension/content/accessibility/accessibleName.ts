import { computeAccessibleName } from "dom-accessibility-api";
import type { LayoutCache } from "../dom/layoutCache.js";
import { normalizeNameWhitespace, normalizeWhitespace } from "../dom/textNormalize.js";

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

/**
 * Accessible name per accname 1.2 (dom-accessibility-api), with Chrome's placeholder
 * fallback for text fields, which that library does not apply.
 */
export function computeName(element: Element, layout: LayoutCache): string {
  const name = normalizeNameWhitespace(
    computeAccessibleName(element, {
      getComputedStyle: layout.getComputedStyle,
      computedStyleSupportsPseudoElements: true,
    }),
  );
  if (name !== "") return name;
  // SVG-AAM: a shape or group is named by its <title> child.
  if (element.namespaceURI === SVG_NAMESPACE) {
    const title = Array.from(element.children).find((child) => child.localName === "title");
    if (title !== undefined) return normalizeNameWhitespace(title.textContent ?? "");
  }
  const placeholder = element.getAttribute("placeholder") ?? element.getAttribute("aria-placeholder");
  return placeholder === null ? "" : normalizeNameWhitespace(placeholder);
}

/**
 * A name for a clickable node that has no role to name it (a div with cursor:pointer):
 * its rendered text, so the agent can tell such targets apart.
 */
export function textName(element: Element): string {
  const text = (element as HTMLElement).innerText ?? element.textContent ?? "";
  return normalizeWhitespace(text.length > 400 ? text.slice(0, 400) : text);
}
