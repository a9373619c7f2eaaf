import type { ViewportBox } from "../../../protocol/content/actionOps.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { toTopFrame } from "../dom/frameGeometry.js";

/**
 * Where the action highlight goes: the target's box in the top frame's viewport. The
 * worker draws it with the DevTools overlay, outside the page's DOM, so no page script
 * (a MutationObserver, a framework, an anti-bot check) can see the agent's highlight.
 * Null for an element with no box, or in a frame scaled or transformed out of true.
 */
export function targetBox(element: Element): ViewportBox | null {
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return null;
  let exact = true;
  const origin = toTopFrame(element, { x: box.left, y: box.top }, (_frame, style) => {
    if (style.transform !== "none" || style.zoom !== "1") exact = false;
  });
  return exact ? { x: origin.x, y: origin.y, width: box.width, height: box.height } : null;
}

export function refBox(registry: RefRegistry, rawRef: string): { box: ViewportBox | null } {
  return { box: targetBox(registry.resolve(rawRef).element) };
}
