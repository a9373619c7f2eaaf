import { composedParent } from "../dom/composedTree.js";
import * as dom from "../dom/intrinsics.js";

/** What a mouse press would focus: the element or its nearest focusable ancestor. */
export function focusableSelfOrAncestor(element: Element): HTMLElement | null {
  for (let current: Element | null = element; current !== null; current = composedParent(current)) {
    if (isFocusable(current)) return current as HTMLElement;
  }
  return null;
}

/**
 * Compares with the root's activeElement rather than matching :focus, which Chrome only
 * applies while the window itself has system focus (never true for a background tab).
 */
export function isFocused(element: Element): boolean {
  const root = dom.getRootNode(element);
  return (root instanceof Document || root instanceof ShadowRoot) && dom.activeElement(root) === element;
}

function isFocusable(element: Element): boolean {
  const html = element as HTMLElement;
  if (!dom.hasFocusMembers(html)) return false;
  if (dom.matches(element, ":disabled")) return false;
  return dom.tabIndex(html) >= 0 || dom.hasAttribute(element, "tabindex") || dom.isContentEditable(html) === true;
}
