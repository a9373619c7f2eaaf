/** Layout arithmetic shared by the content script (DOM boxes) and the service worker (CDP boxes). */

export interface Viewport {
  width: number;
  height: number;
}

/**
 * How a frame's viewport maps into the top viewport: a point (x, y) of the frame's viewport
 * is at (x·scaleX + this.x, y·scaleY + this.y) in the top one. Only axis-aligned scaling and
 * translation: anything else (rotation, skew, mirroring) is refused before it gets here.
 */
export interface FrameTransform {
  x: number;
  y: number;
  scaleX: number;
  scaleY: number;
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

export const TOP_FRAME: FrameTransform = { x: 0, y: 0, scaleX: 1, scaleY: 1 };

export function toTopPoint(frame: FrameTransform, point: Point): Point {
  return { x: frame.x + point.x * frame.scaleX, y: frame.y + point.y * frame.scaleY };
}

/** A frame's box in the top viewport (scales are positive, so left stays left). */
export function toTopBox(frame: FrameTransform, box: Box): Box {
  const { x: left, y: top } = toTopPoint(frame, { x: box.left, y: box.top });
  return { left, top, width: box.width * frame.scaleX, height: box.height * frame.scaleY };
}

/** The viewport point of `frame` that lands on `point` of the top viewport. */
export function fromTopPoint(frame: FrameTransform, point: Point): Point {
  return { x: (point.x - frame.x) / frame.scaleX, y: (point.y - frame.y) / frame.scaleY };
}

/** 0 when the box intersects the viewport, else its gap to it; Infinity when it has no box. */
export function distanceFromViewport(frameBox: Box, frame: FrameTransform, viewport: Viewport): number {
  if (frameBox.width === 0 && frameBox.height === 0) return Infinity;
  const box = toTopBox(frame, frameBox);
  const dx = Math.max(0, -(box.left + box.width), box.left - viewport.width);
  const dy = Math.max(0, -(box.top + box.height), box.top - viewport.height);
  return dx + dy;
}

/**
 * What an iframe says about where its document's viewport sits: its border box as
 * getBoundingClientRect gives it (scaled by any transform or zoom), its border and padding
 * widths as computed style gives them (unscaled CSS px), and its document's viewport size.
 */
export interface FrameBoxFacts {
  box: Box;
  border: Insets;
  padding: Insets;
  viewport: Viewport;
}

export interface Insets {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The iframe's own scale: its box on screen over its unscaled border box, which is its
 * viewport plus border and padding. 1 when the frame has no size to measure by.
 */
export function frameScale(frame: FrameBoxFacts): { scaleX: number; scaleY: number } {
  const width = frame.viewport.width + frame.border.left + frame.border.right + frame.padding.left + frame.padding.right;
  const height = frame.viewport.height + frame.border.top + frame.border.bottom + frame.padding.top + frame.padding.bottom;
  return {
    scaleX: width > 0 && frame.box.width > 0 ? frame.box.width / width : 1,
    scaleY: height > 0 && frame.box.height > 0 ? frame.box.height / height : 1,
  };
}

/**
 * The iframe's document viewport in the top viewport: it starts inside the frame's border
 * and padding, both scaled with the frame, and the frame sits in `parent`'s viewport.
 */
export function frameTransform(frame: FrameBoxFacts, parent: FrameTransform = TOP_FRAME): FrameTransform {
  const { scaleX, scaleY } = frameScale(frame);
  const origin = toTopPoint(parent, {
    x: frame.box.left + (frame.border.left + frame.padding.left) * scaleX,
    y: frame.box.top + (frame.border.top + frame.padding.top) * scaleY,
  });
  return { x: origin.x, y: origin.y, scaleX: parent.scaleX * scaleX, scaleY: parent.scaleY * scaleY };
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

/** Corners closer than this (CSS px) count as aligned: quads come back as floats. */
const QUAD_ALIGN_EPSILON = 0.01;

/**
 * How a frame's viewport maps into its owner's, from the owner's content quad (corners
 * top-left, top-right, bottom-right, bottom-left as drawn) and the viewport's unscaled size.
 * Only an upright, unmirrored rectangle maps exactly; anything else is said in words.
 */
export function uprightQuadTransform(quad: Quad, viewport: Viewport): FrameTransform | string {
  const at = (index: number): number => quad[index] ?? Number.NaN;
  const [x0, y0, x1, y1, x2, y2, x3, y3] = [at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7)];
  const aligned = (a: number, b: number): boolean => Math.abs(a - b) <= QUAD_ALIGN_EPSILON;
  if (!(aligned(y0, y1) && aligned(x1, x2) && aligned(y2, y3) && aligned(x3, x0))) return "it is rotated, skewed or drawn in perspective";
  if (!(x1 > x0 && y3 > y0)) return "it is mirrored or flipped";
  if (!(viewport.width > 0 && viewport.height > 0)) return "it has no size to measure its scale by";
  return { x: x0, y: y0, scaleX: (x1 - x0) / viewport.width, scaleY: (y3 - y0) / viewport.height };
}
