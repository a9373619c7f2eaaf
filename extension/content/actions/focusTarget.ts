import { composedParent } from "../dom/composedTree.js";

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
  const root = element.getRootNode();
  return (root instanceof Document || root instanceof ShadowRoot) && root.activeElement === element;
}

function isFocusable(element: Element): boolean {
  const html = element as HTMLElement;
  if (typeof html.focus !== "function" || typeof html.tabIndex !== "number") return false;
  if (element.matches(":disabled")) return false;
  return html.tabIndex >= 0 || element.hasAttribute("tabindex") || html.isContentEditable === true;
}
