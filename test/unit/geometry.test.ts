import { describe, expect, it } from "vitest";
import { TOP_FRAME_OFFSET, distanceFromViewport, frameContentOrigin, quadArea, quadCentre } from "../../extension/shared/geometry.js";

const viewport = { width: 800, height: 600 };

describe("shared geometry", () => {
  it("measures a box's gap to the viewport, 0 when it intersects, Infinity without a box", () => {
    expect(distanceFromViewport({ left: 10, top: 10, width: 50, height: 20 }, TOP_FRAME_OFFSET, viewport)).toBe(0);
    expect(distanceFromViewport({ left: 10, top: 1600, width: 50, height: 20 }, TOP_FRAME_OFFSET, viewport)).toBe(1000);
    expect(distanceFromViewport({ left: -300, top: -100, width: 100, height: 50 }, TOP_FRAME_OFFSET, viewport)).toBe(200 + 50);
    expect(distanceFromViewport({ left: 10, top: 10, width: 0, height: 0 }, TOP_FRAME_OFFSET, viewport)).toBe(Infinity);
    // A frame's offset moves its boxes: inside the frame at 700 plus the frame at 0 is on screen, at 900 it is not.
    expect(distanceFromViewport({ left: 0, top: 500, width: 10, height: 10 }, { x: 0, y: 200 }, viewport)).toBe(100);
  });

  it("puts a frame's viewport inside its border and padding, relative to its parent's", () => {
    const frame = {
      box: { left: 100, top: 50, width: 300, height: 200 },
      clientLeft: 2,
      clientTop: 3,
      paddingLeft: "4px",
      paddingTop: "5.5px",
    };
    expect(frameContentOrigin(frame)).toEqual({ x: 106, y: 58.5 });
    expect(frameContentOrigin(frame, { x: 10, y: 20 })).toEqual({ x: 116, y: 78.5 });
    // A padding CSS cannot parse counts as none rather than NaN.
    expect(frameContentOrigin({ ...frame, paddingLeft: "", paddingTop: "auto" })).toEqual({ x: 102, y: 53 });
  });

  it("takes a CDP quad's centre and area", () => {
    const quad = [10, 20, 110, 20, 110, 70, 10, 70];
    expect(quadCentre(quad)).toEqual({ x: 60, y: 45 });
    expect(quadArea(quad)).toBe(5000);
    expect(quadArea([5, 5, 5, 5, 5, 5, 5, 5])).toBe(0);
  });
});
