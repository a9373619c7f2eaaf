import { TOP_FRAME_OFFSET, frameContentOrigin, type FrameOffset } from "../../shared/geometry.js";

/**
 * Where an iframe's document viewport starts inside its parent's viewport (plus `parent`,
 * the parent's own offset). Callers that already read the frame's box and style pass them.
 */
export function frameContentOffset(
  frame: Element,
  parent: FrameOffset = TOP_FRAME_OFFSET,
  rect?: DOMRect,
  style?: CSSStyleDeclaration,
): FrameOffset {
  const box = rect ?? frame.getBoundingClientRect();
  const computed = style ?? (frame.ownerDocument.defaultView ?? window).getComputedStyle(frame);
  return frameContentOrigin(
    { box, clientLeft: frame.clientLeft, clientTop: frame.clientTop, paddingLeft: computed.paddingLeft, paddingTop: computed.paddingTop },
    parent,
  );
}

/**
 * Maps a point in an element's own frame viewport to the top frame's viewport, through each
 * same-origin frame on the way up. `checkFrame` sees every frame and its style first, so a
 * caller that needs exact coordinates can refuse frames that cannot be mapped exactly.
 */
export function toTopFrame(
  element: Element,
  point: FrameOffset,
  checkFrame?: (frame: Element, style: CSSStyleDeclaration) => void,
): FrameOffset {
  let offset = point;
  for (let view: Window | null = element.ownerDocument.defaultView; view !== null && view !== window; view = view.parent) {
    const frame = view.frameElement;
    if (frame === null) break;
    const style = (frame.ownerDocument.defaultView ?? window).getComputedStyle(frame);
    checkFrame?.(frame, style);
    offset = frameContentOffset(frame, offset, undefined, style);
  }
  return offset;
}
