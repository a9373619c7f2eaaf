import { WebOperatorError } from "../../../protocol/index.js";
import type { Point } from "../../shared/geometry.js";
import { frameContentOffset } from "../dom/frameGeometry.js";

/**
 * Maps a point in an element's own frame viewport to the top frame's viewport, through
 * each same-origin iframe's border and padding. A transformed iframe cannot be mapped
 * exactly, and a write must not land on an approximate point (seed §1.1).
 */
export function toTopFramePoint(element: Element, point: Point): Point {
  let x = point.x;
  let y = point.y;
  let view = element.ownerDocument.defaultView;
  while (view !== null && view !== window) {
    const frame = view.frameElement;
    if (frame === null) break;
    const style = getComputedStyle(frame);
    if (style.transform !== "none" || style.zoom !== "1") {
      throw new WebOperatorError(
        "unsupported_frame",
        "The element sits in an iframe that is transformed (rotated, scaled or skewed), so exact coordinates cannot be computed; use browser.click (synthetic) instead of trusted input.",
      );
    }
    const offset = frameContentOffset(frame, { x, y }, undefined, style);
    x = offset.x;
    y = offset.y;
    view = frame.ownerDocument.defaultView;
  }
  return { x, y };
}
