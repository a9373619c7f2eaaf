import type { Point } from "../../shared/geometry.js";
import { composedParent } from "../dom/composedTree.js";
import { frameContentOffset } from "../dom/frameGeometry.js";
import { shadowRootOf } from "../dom/shadowRoot.js";
import { frameDocument } from "../refs/frameChain.js";

/**
 * The element a real pointer would hit at a top-frame point, through open and closed
 * shadow roots and same-origin frames; a cross-origin frame is itself the hit.
 */
export function deepElementFromPoint(point: Point): Element | null {
  let root: Document | ShadowRoot = document;
  let x = point.x;
  let y = point.y;
  let hit: Element | null = null;
  for (let depth = 0; depth < 32; depth++) {
    const candidate: Element | null = root.elementFromPoint(x, y);
    if (candidate === null || candidate === hit) return hit;
    hit = candidate;
    const shadow = shadowRootOf(candidate);
    if (shadow !== null) {
      root = shadow;
      continue;
    }
    const inner: Document | null = candidate.localName === "iframe" || candidate.localName === "frame" ? frameDocument(candidate) : null;
    if (inner === null) return hit;
    const offset = frameContentOffset(candidate);
    x -= offset.x;
    y -= offset.y;
    root = inner;
  }
  return hit;
}

/** A hit counts as the target when it is the target, inside it, or inside a label for it. */
export function hitReachesTarget(hit: Element, target: Element): boolean {
  for (let node: Element | null = hit; node !== null; node = composedParent(node)) {
    if (node === target) return true;
    if (node.localName === "label" && (node as HTMLLabelElement).control === target) return true;
  }
  return false;
}
