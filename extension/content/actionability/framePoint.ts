import { WebOperatorError } from "../../../protocol/errors.js";
import type { FrameTransform } from "../../shared/geometry.js";
import { frameChainTransform } from "../dom/frameGeometry.js";
import { whyFrameInexact } from "../dom/frameExactness.js";
import * as dom from "../dom/intrinsics.js";

/**
 * How an element's frame viewport maps into the top frame's, refusing any frame on the way
 * that is rotated, skewed, mirrored, transformed in 3D or padded ambiguously: a write must
 * not land on an approximate point, since a click on the wrong pixel is a click on
 * something the agent did not choose. Translation and axis-aligned scaling map exactly.
 */
export function exactFrameTransform(element: Element, purpose: string): FrameTransform {
  return frameChainTransform(element, (frame, style) => {
    const why = whyFrameInexact(frame, style);
    if (why === null) return;
    const title = dom.getAttribute(frame, "title");
    throw new WebOperatorError(
      "unsupported_frame",
      `The element sits in an iframe${title ? ` "${title}"` : ""} whose coordinates cannot be mapped exactly for ${purpose}: ${why}. ` +
        "Use browser.click (synthetic) or the other L1 tools on this element instead of trusted input or coordinates.",
    );
  });
}

/** The exact mapping of the element's frame viewport into the top one, or null when a frame on the way has none. */
export function exactFrameTransformOrNull(element: Element): FrameTransform | null {
  let exact = true;
  const transform = frameChainTransform(element, (frame, style) => {
    if (exact && whyFrameInexact(frame, style) !== null) exact = false;
  });
  return exact ? transform : null;
}
