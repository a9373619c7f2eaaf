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
  return isFocusRoot(root) && dom.activeElement(root) === element;
}

/**
 * A document or shadow root, by node type: a same-origin frame's document is of another
 * realm, which instanceof Document does not recognise.
 */
export function isFocusRoot(root: Node): root is Document | ShadowRoot {
  const type = dom.nodeType(root);
  return (
    type === Node.DOCUMENT_NODE || (type === Node.DOCUMENT_FRAGMENT_NODE && dom.nodeName(root) === "#document-fragment" && "host" in root)
  );
}

function isFocusable(element: Element): boolean {
  const html = element as HTMLElement;
  if (!dom.hasFocusMembers(html)) return false;
  if (dom.matches(element, ":disabled")) return false;
  return dom.tabIndex(html) >= 0 || dom.hasAttribute(element, "tabindex") || dom.isContentEditable(html) === true;
}
