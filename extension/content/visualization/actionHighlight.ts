import type { ViewportBox } from "../../../protocol/content/actionabilityResults.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { toTopBox } from "../../shared/geometry.js";
import { exactFrameTransformOrNull } from "../actionability/framePoint.js";
import * as dom from "../dom/intrinsics.js";

/**
 * Where the action highlight goes: the target's box in the top frame's viewport. The
 * worker draws it with the DevTools overlay, outside the page's DOM, so no page script
 * (a MutationObserver, a framework, an anti-bot check) can see the agent's highlight.
 * Null for an element with no box, or in a frame rotated, skewed or mirrored out of true.
 */
export function targetBox(element: Element): ViewportBox | null {
  const box = dom.getBoundingClientRect(element);
  if (box.width === 0 || box.height === 0) return null;
  const frame = exactFrameTransformOrNull(element);
  if (frame === null) return null;
  const top = toTopBox(frame, box);
  return { x: top.left, y: top.top, width: top.width, height: top.height };
}

export function refBox(registry: RefRegistry, rawRef: string): { box: ViewportBox | null } {
  return { box: targetBox(registry.resolve(rawRef).element) };
}
