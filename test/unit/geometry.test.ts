import { describe, expect, it } from "vitest";
import {
  TOP_FRAME,
  distanceFromViewport,
  fromTopPoint,
  frameTransform,
  quadArea,
  quadCentre,
  toTopPoint,
  uprightQuadTransform,
} from "../../extension/shared/geometry.js";

const viewport = { width: 800, height: 600 };

describe("shared geometry", () => {
  it("measures a box's gap to the viewport, 0 when it intersects, Infinity without a box", () => {
    expect(distanceFromViewport({ left: 10, top: 10, width: 50, height: 20 }, TOP_FRAME, viewport)).toBe(0);
    expect(distanceFromViewport({ left: 10, top: 1600, width: 50, height: 20 }, TOP_FRAME, viewport)).toBe(1000);
    expect(distanceFromViewport({ left: -300, top: -100, width: 100, height: 50 }, TOP_FRAME, viewport)).toBe(200 + 50);
    expect(distanceFromViewport({ left: 10, top: 10, width: 0, height: 0 }, TOP_FRAME, viewport)).toBe(Infinity);
    // A frame's offset moves its boxes: inside the frame at 700 plus the frame at 0 is on screen, at 900 it is not.
    expect(distanceFromViewport({ left: 0, top: 500, width: 10, height: 10 }, { x: 0, y: 200, scaleX: 1, scaleY: 1 }, viewport)).toBe(100);
    // A frame drawn at half size: its 1300 is the top's 650, 50 below a 600 px viewport.
    expect(distanceFromViewport({ left: 0, top: 1300, width: 10, height: 10 }, { x: 0, y: 0, scaleX: 0.5, scaleY: 0.5 }, viewport)).toBe(
      50,
    );
  });

  it("puts a frame's viewport inside its border and padding, relative to its parent's", () => {
    const frame = {
      box: { left: 100, top: 50, width: 312, height: 214 },
      border: { left: 2, top: 3, right: 2, bottom: 3 },
      padding: { left: 4, top: 5.5, right: 4, bottom: 2.5 },
      viewport: { width: 300, height: 200 },
    };
    expect(frameTransform(frame)).toEqual({ x: 106, y: 58.5, scaleX: 1, scaleY: 1 });
    expect(frameTransform(frame, { x: 10, y: 20, scaleX: 1, scaleY: 1 })).toEqual({ x: 116, y: 78.5, scaleX: 1, scaleY: 1 });
  });

  it("scales a frame's border, padding and viewport with the frame, and nests scales", () => {
    // transform: scale(0.5, 2) at 40,30: the box on screen is half as wide and twice as tall.
    const frame = {
      box: { left: 40, top: 30, width: 158, height: 432 },
      border: { left: 3, top: 3, right: 3, bottom: 3 },
      padding: { left: 5, top: 5, right: 5, bottom: 5 },
      viewport: { width: 300, height: 200 },
    };
    const inner = frameTransform(frame);
    expect(inner).toEqual({ x: 44, y: 46, scaleX: 0.5, scaleY: 2 });
    expect(toTopPoint(inner, { x: 100, y: 50 })).toEqual({ x: 94, y: 146 });
    expect(fromTopPoint(inner, { x: 94, y: 146 })).toEqual({ x: 100, y: 50 });
    // The same frame inside a parent frame drawn at 1.5×, whose viewport starts at 10,20.
    const nested = frameTransform(frame, { x: 10, y: 20, scaleX: 1.5, scaleY: 1.5 });
    expect(nested).toEqual({ x: 76, y: 89, scaleX: 0.75, scaleY: 3 });
  });

  it("maps an out-of-process frame through its owner's content quad only when the quad is upright and unmirrored", () => {
    const viewport = { width: 300, height: 200 };
    expect(uprightQuadTransform([44, 46, 194, 46, 194, 146, 44, 146], viewport)).toEqual({ x: 44, y: 46, scaleX: 0.5, scaleY: 0.5 });
    // Mirrored: the frame's top-left corner is drawn on the right.
    expect(uprightQuadTransform([194, 46, 44, 46, 44, 146, 194, 146], viewport)).toMatch(/mirrored/);
    // Turned a little: the top edge is no longer level.
    expect(uprightQuadTransform([44, 46, 194, 56, 184, 156, 34, 146], viewport)).toMatch(/rotated/);
    expect(uprightQuadTransform([0, 0, 10, 0, 10, 10, 0, 10], { width: 0, height: 10 })).toMatch(/no size/);
  });

  it("takes a CDP quad's centre and area", () => {
    const quad = [10, 20, 110, 20, 110, 70, 10, 70];
    expect(quadCentre(quad)).toEqual({ x: 60, y: 45 });
    expect(quadArea(quad)).toBe(5000);
    expect(quadArea([5, 5, 5, 5, 5, 5, 5, 5])).toBe(0);
  });
});
