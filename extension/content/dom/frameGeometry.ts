import { TOP_FRAME_OFFSET, frameContentOrigin, type FrameOffset } from "../../shared/geometry.js";

/**
 * Where an iframe's document viewport starts inside its parent's viewport (plus `parent`,
 * the parent's own offset). Callers that already read the frame's box and style pass them.
 */
export function frameContentOffset(frame: Element, parent: FrameOffset = TOP_FRAME_OFFSET, rect?: DOMRect, style?: CSSStyleDeclaration): FrameOffset {
  const box = rect ?? frame.getBoundingClientRect();
  const computed = style ?? (frame.ownerDocument.defaultView ?? window).getComputedStyle(frame);
  return frameContentOrigin({ box, clientLeft: frame.clientLeft, clientTop: frame.clientTop, paddingLeft: computed.paddingLeft, paddingTop: computed.paddingTop }, parent);
}
