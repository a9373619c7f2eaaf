/** Parent across shadow boundaries, stopping at the element's own document. */
export function composedParent(element: Element): Element | null {
  if (element.assignedSlot !== null) return element.assignedSlot;
  const parent = element.parentNode;
  if (parent === null) return null;
  if (parent.nodeType === Node.DOCUMENT_FRAGMENT_NODE) return (parent as ShadowRoot).host ?? null;
  return isElement(parent) ? parent : null;
}

// `instanceof Element` fails for nodes of other frames (other realms); nodeType does not.
export function isElement(node: Node): node is Element {
  return node.nodeType === Node.ELEMENT_NODE;
}

export function isText(node: Node): node is Text {
  return node.nodeType === Node.TEXT_NODE;
}
