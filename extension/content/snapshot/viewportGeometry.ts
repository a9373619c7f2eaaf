export interface Viewport {
  width: number;
  height: number;
}

/** Where a frame's viewport sits inside the top viewport. */
export interface FrameOffset {
  x: number;
  y: number;
}

export const TOP_FRAME_OFFSET: FrameOffset = { x: 0, y: 0 };

/** The element whose box stands for a node, and its frame's offset; null for no position. */
export type Placement = { anchor: Element; offset: FrameOffset } | null;

/** 0 when the box intersects the viewport, else its gap to it; Infinity when it has no box. */
export function distanceFromViewport(rect: DOMRect, offset: FrameOffset, viewport: Viewport): number {
  if (rect.width === 0 && rect.height === 0) return Infinity;
  const left = rect.left + offset.x;
  const top = rect.top + offset.y;
  const dx = Math.max(0, -(left + rect.width), left - viewport.width);
  const dy = Math.max(0, -(top + rect.height), top - viewport.height);
  return dx + dy;
}

/** The content box of an iframe, where its document's viewport starts. */
export function frameContentOffset(frame: Element, rect: DOMRect, style: CSSStyleDeclaration, parent: FrameOffset): FrameOffset {
  return {
    x: parent.x + rect.left + frame.clientLeft + (Number.parseFloat(style.paddingLeft) || 0),
    y: parent.y + rect.top + frame.clientTop + (Number.parseFloat(style.paddingTop) || 0),
  };
}
