import { fromTopPoint, type Point } from "../../shared/geometry.js";
import { composedParent } from "../dom/composedTree.js";
import { frameContentTransform } from "../dom/frameGeometry.js";
import { shadowRootOf } from "../dom/shadowRoot.js";
import { frameDocument } from "../refs/frameChain.js";
import * as dom from "../dom/intrinsics.js";

/**
 * The element a real pointer would hit at a point of `start`'s viewport (the top frame's by
 * default), through open and closed shadow roots and same-origin frames; a cross-origin
 * frame is itself the hit.
 */
export function deepElementFromPoint(point: Point, start: Document = document): Element | null {
  let root: Document | ShadowRoot = start;
  let x = point.x;
  let y = point.y;
  let hit: Element | null = null;
  for (let depth = 0; depth < 32; depth++) {
    const candidate: Element | null = hitWithin(root, x, y, hit);
    if (candidate === null || candidate === hit) return hit;
    hit = candidate;
    const shadow = shadowRootOf(candidate);
    if (shadow !== null) {
      root = shadow;
      continue;
    }
    const inner: Document | null =
      dom.localName(candidate) === "iframe" || dom.localName(candidate) === "frame" ? frameDocument(candidate) : null;
    if (inner === null) return hit;
    ({ x, y } = fromTopPoint(frameContentTransform(candidate), { x, y }));
    root = inner;
  }
  return hit;
}

/**
 * The hit inside a host's shadow root. Over the host's slotted text, the root's
 * elementFromPoint answers the host itself (the text is the host's light-DOM child), yet the
 * pointer's event starts at the slot that shows the text and passes the shadow tree's elements
 * around it (a web component's inner <button>): elementsFromPoint lists that slot first.
 */
function hitWithin(root: Document | ShadowRoot, x: number, y: number, host: Element | null): Element | null {
  const candidate = dom.elementFromPoint(root, x, y);
  if (candidate !== host || host === null) return candidate;
  return dom.elementsFromPoint(root, x, y).find((element) => dom.getRootNode(element) === root) ?? host;
}

/**
 * Whether a click at `point` (in the target's own frame viewport) that hits `hit` is a click
 * on the target as a person means it: the hit is the target, inside it, inside a label for
 * it, or a link or button stretched over it (a card's title link whose ::after covers the
 * card). Anything else between the pointer and the target obscures it.
 */
export function clickReachesTarget(hit: Element, target: Element, point: Point): boolean {
  return hitReachesTarget(hit, target) || stretchedOver(hit, target, point);
}

/** The hit is the target, inside it (across shadow roots), or a label of it. */
export function hitReachesTarget(hit: Element, target: Element): boolean {
  for (let node: Element | null = hit; node !== null; node = composedParent(node)) {
    if (node === target) return true;
    if (dom.localName(node) === "label" && (node as HTMLLabelElement).control === target) return true;
  }
  return false;
}

/**
 * The hit's own boxes do not hold the point, so what was hit is its generated content: an
 * author who spreads a link's ::after over a region makes a click anywhere there that link's.
 * Only a link or button of the target's own component counts (they share an ancestor below
 * <body>, as a card's text and its title link do); a page-wide overlay, a link's too, is what
 * `obscured` exists for.
 */
function stretchedOver(hit: Element, target: Element, point: Point): boolean {
  if (dom.ownerDocument(hit) !== dom.ownerDocument(target) || !isLinkOrButton(hit)) return false;
  if (
    ![...dom.getClientRects(hit)].every(
      (rect) => point.x < rect.left || point.x > rect.right || point.y < rect.top || point.y > rect.bottom,
    )
  )
    return false;
  const shared = commonAncestor(hit, target);
  return shared !== null && dom.localName(shared) !== "body" && dom.localName(shared) !== "html";
}

function commonAncestor(first: Element, second: Element): Element | null {
  const above = new Set<Element>();
  for (let node: Element | null = first; node !== null; node = composedParent(node)) above.add(node);
  for (let node: Element | null = second; node !== null; node = composedParent(node)) if (above.has(node)) return node;
  return null;
}

function isLinkOrButton(element: Element): boolean {
  if (dom.localName(element) === "a") return dom.hasAttribute(element, "href");
  if (dom.localName(element) === "button") return true;
  const role = dom.getAttribute(element, "role");
  return role === "link" || role === "button";
}

/**
 * Where a person's click at `point` (in the element's own frame viewport) lands: the hit
 * element when the click reaches the element through it (a tab's inner link, an icon
 * button's <svg>, a label's text, a stretched title link), since that is what listens;
 * otherwise the element itself, which the actionability check has just found clear.
 */
export function pointerTargetIn(element: Element, point: Point): Element {
  const hit = deepElementFromPoint(point, dom.ownerDocument(element));
  return hit !== null && clickReachesTarget(hit, element, point) ? hit : element;
}
