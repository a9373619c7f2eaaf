import type { Point } from "../../shared/geometry.js";
import { viewportSize } from "../actions/actionTarget.js";
import * as dom from "../dom/intrinsics.js";
import { clickReachesTarget, deepElementFromPoint } from "./hitTest.js";

/**
 * Where a person presses an element, in its own frame's viewport: the centre of its box when
 * that lies on the element, else inside one of its own line boxes. An inline element that
 * wraps has a box whose centre falls between its lines, on the parent; there the point is the
 * centre of the first line box in view whose centre reaches the element (the first in view
 * when none does, so the hit test names what covers it). The actionability check, the
 * hit test and both kinds of input aim at this one point.
 */
export function clickPoint(element: Element, box: DOMRectReadOnly = dom.getBoundingClientRect(element)): Point {
  const centre = centreOf(box);
  const lineBoxes = Array.from(dom.getClientRects(element)).filter((rect) => rect.width >= 1 && rect.height >= 1);
  if (lineBoxes.length <= 1 || lineBoxes.some((rect) => holds(rect, centre))) return centre;
  const view = viewportSize(dom.ownerDocument(element));
  const inView = lineBoxes.map((rect) => clip(rect, view)).filter((rect): rect is Rect => rect !== null);
  for (const rect of inView) {
    const point = centreOf(rect);
    const hit = deepElementFromPoint(point, dom.ownerDocument(element));
    if (hit !== null && clickReachesTarget(hit, element, point)) return point;
  }
  const first = inView[0];
  return first === undefined ? centre : centreOf(first);
}

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

function centreOf(rect: Rect): Point {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

function holds(rect: DOMRectReadOnly, point: Point): boolean {
  return point.x >= rect.left && point.x <= rect.right && point.y >= rect.top && point.y <= rect.bottom;
}

/** The part of a line box inside the viewport, or null when none of it is. */
function clip(rect: DOMRectReadOnly, view: { width: number; height: number }): Rect | null {
  const left = Math.max(rect.left, 0);
  const top = Math.max(rect.top, 0);
  const right = Math.min(rect.right, view.width);
  const bottom = Math.min(rect.bottom, view.height);
  return right - left >= 1 && bottom - top >= 1 ? { left, top, width: right - left, height: bottom - top } : null;
}
