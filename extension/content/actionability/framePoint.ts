import { WebOperatorError } from "../../../protocol/index.js";
import type { Point } from "../../shared/geometry.js";
import { toTopFrame } from "../dom/frameGeometry.js";

/**
 * Maps a point in an element's own frame viewport to the top frame's viewport, through
 * each same-origin iframe's border and padding. A transformed iframe cannot be mapped
 * exactly, and a write must not land on an approximate point: a click on the wrong pixel
 * is a click on something the agent did not choose.
 */
export function toTopFramePoint(element: Element, point: Point): Point {
  return toTopFrame(element, point, (_frame, style) => {
    if (style.transform !== "none" || style.zoom !== "1") {
      throw new WebOperatorError(
        "unsupported_frame",
        "The element sits in an iframe that is transformed (rotated, scaled or skewed), so exact coordinates cannot be computed; use browser.click (synthetic) instead of trusted input.",
      );
    }
  });
}
