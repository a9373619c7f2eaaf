import { shadowRootOf } from "../dom/shadowRoot.js";
import { composedParent } from "../dom/composedTree.js";
import type { Point } from "./framePoint.js";

/** The element a real pointer would hit at a top-frame point, through shadow roots and same-origin iframes. */
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
    if (candidate.localName === "iframe") {
      const frame = candidate as HTMLIFrameElement;
      const inner = sameOriginDocument(frame);
      if (inner === null) return hit;
      const rect = frame.getBoundingClientRect();
      const style = getComputedStyle(frame);
      x -= rect.left + frame.clientLeft + parseFloat(style.paddingLeft);
      y -= rect.top + frame.clientTop + parseFloat(style.paddingTop);
      root = inner;
      hit = null;
      continue;
    }
    return hit;
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

function sameOriginDocument(frame: HTMLIFrameElement): Document | null {
  try {
    return frame.contentDocument;
  } catch {
    return null;
  }
}
