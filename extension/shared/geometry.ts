/** Layout arithmetic shared by the content script (DOM boxes) and the service worker (CDP boxes). */

export interface Viewport {
  width: number;
  height: number;
}

/** Where a frame's viewport sits inside the top viewport. */
export interface FrameOffset {
  x: number;
  y: number;
}

export interface Point {
  x: number;
  y: number;
}

/** A border box as getBoundingClientRect gives it. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const TOP_FRAME_OFFSET: FrameOffset = { x: 0, y: 0 };

/** 0 when the box intersects the viewport, else its gap to it; Infinity when it has no box. */
export function distanceFromViewport(box: Box, offset: FrameOffset, viewport: Viewport): number {
  if (box.width === 0 && box.height === 0) return Infinity;
  const left = box.left + offset.x;
  const top = box.top + offset.y;
  const dx = Math.max(0, -(left + box.width), left - viewport.width);
  const dy = Math.max(0, -(top + box.height), top - viewport.height);
  return dx + dy;
}

/** What an iframe's box says about where its document's viewport starts. */
export interface FrameBoxFacts {
  box: Box;
  clientLeft: number;
  clientTop: number;
  /** Computed padding, as CSS gives it ("4px"). */
  paddingLeft: string;
  paddingTop: string;
}

/** The content-box origin of an iframe (inside its border and padding), relative to `parent`. */
export function frameContentOrigin(frame: FrameBoxFacts, parent: FrameOffset = TOP_FRAME_OFFSET): FrameOffset {
  return {
    x: parent.x + frame.box.left + frame.clientLeft + (Number.parseFloat(frame.paddingLeft) || 0),
    y: parent.y + frame.box.top + frame.clientTop + (Number.parseFloat(frame.paddingTop) || 0),
  };
}

/** A CDP quad: four corners as x1,y1 … x4,y4. */
export type Quad = readonly number[];

export function quadCentre(quad: Quad): Point {
  const at = (index: number): number => quad[index] ?? 0;
  return { x: (at(0) + at(2) + at(4) + at(6)) / 4, y: (at(1) + at(3) + at(5) + at(7)) / 4 };
}

export function quadArea(quad: Quad): number {
  const at = (index: number): number => quad[index] ?? 0;
  let sum = 0;
  for (let i = 0; i < 4; i++) sum += at(2 * i) * at(2 * ((i + 1) % 4) + 1) - at(2 * ((i + 1) % 4)) * at(2 * i + 1);
  return Math.abs(sum) / 2;
}
