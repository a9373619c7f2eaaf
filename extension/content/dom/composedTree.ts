import * as dom from "./intrinsics.js";
/** Parent across shadow boundaries, stopping at the element's own document. */
export function composedParent(element: Element): Element | null {
  if (dom.assignedSlot(element) !== null) return dom.assignedSlot(element);
  const parent = dom.parentNode(element);
  if (parent === null) return null;
  if (dom.nodeType(parent) === Node.DOCUMENT_FRAGMENT_NODE) return (parent as ShadowRoot).host ?? null;
  return isElement(parent) ? parent : null;
}

// `instanceof Element` fails for nodes of other frames (other realms); nodeType does not.
export function isElement(node: Node): node is Element {
  return dom.nodeType(node) === Node.ELEMENT_NODE;
}

export function isText(node: Node): node is Text {
  return dom.nodeType(node) === Node.TEXT_NODE;
}
