import { shadowRootOf } from "../dom/shadowRoot.js";
import * as dom from "../dom/intrinsics.js";

const ASCII_WHITESPACE = /[\t\n\f\r ]+/;
/** Hosts whose reference target points into another host: followed this deep at most. */
const MAX_REFERENCE_TARGET_HOPS = 8;

/**
 * The elements an IDREF list names, looked up in the referring element's own tree (a
 * shadow root's ids are private to it), each resolved through its shadow root's
 * `referenceTarget`; ids naming nothing, or an invalid target, drop out.
 */
export function referencedElements(element: Element, attribute: "aria-labelledby" | "aria-owns"): Element[] {
  const value = dom.getAttribute(element, attribute);
  // Setting the reflected property leaves the attribute present and empty.
  if (value === null) return [];
  const ids = value.split(ASCII_WHITESPACE).filter((id) => id !== "");
  let found: Array<Element | null>;
  if (ids.length > 0) {
    const root = dom.getRootNode(element) as Document | ShadowRoot;
    // A detached element is its own root, with no ids to look up.
    found = ids.map((id) => (dom.nodeType(root) === Node.ELEMENT_NODE ? null : dom.getElementById(root, id)));
  } else found = reflectedElements(element, attribute);
  return found.flatMap((target) => {
    const resolved = target === null ? null : throughReferenceTarget(target);
    return resolved === null ? [] : [resolved];
  });
}

/** `element.ariaLabelledByElements = [...]` sets the references without ids (ARIA element reflection). */
function reflectedElements(element: Element, attribute: "aria-labelledby" | "aria-owns"): Array<Element | null> {
  const property = attribute === "aria-labelledby" ? "ariaLabelledByElements" : "ariaOwnsElements";
  const reflected: unknown = (element as unknown as Record<string, unknown>)[property];
  if (!Array.isArray(reflected)) return [];
  return reflected.filter((each): each is Element => each instanceof Element);
}

/**
 * A host whose shadow root sets `referenceTarget` stands for the element of that id inside
 * it; an empty or dangling target makes the reference invalid (null).
 */
function throughReferenceTarget(target: Element): Element | null {
  let current = target;
  for (let hop = 0; hop < MAX_REFERENCE_TARGET_HOPS; hop++) {
    const shadow = shadowRootOf(current);
    const referenceTarget: unknown = shadow === null ? null : (shadow as unknown as { referenceTarget?: unknown }).referenceTarget;
    if (shadow === null || typeof referenceTarget !== "string") return current;
    if (referenceTarget === "") return null;
    const inner = shadow.getElementById(referenceTarget);
    if (inner === null) return null;
    current = inner;
  }
  return current;
}
