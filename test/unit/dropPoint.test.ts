import { describe, expect, it } from "vitest";
import { dropPoint } from "../../extension/background/pointer/dropPoint.js";

/** A list of 40 px items from y = 0; the target is the third, 80..120, x 0..200. */
const target = { x: 0, y: 80, width: 200, height: 40 };

describe("dropPoint: where a drag releases to land before, on or after a target", () => {
  it("drops on the centre for on", () => {
    expect(dropPoint(target, { x: 100, y: 20 }, "on")).toEqual({ x: 100, y: 100 });
  });

  it("from above: before is short of the near edge (over the item above), after inside the far edge", () => {
    expect(dropPoint(target, { x: 100, y: 20 }, "before")).toEqual({ x: 100, y: 70 });
    expect(dropPoint(target, { x: 100, y: 20 }, "after")).toEqual({ x: 100, y: 110 });
  });

  it("from below: before is inside the near edge, after beyond the far edge (over the item below)", () => {
    expect(dropPoint(target, { x: 100, y: 180 }, "before")).toEqual({ x: 100, y: 90 });
    expect(dropPoint(target, { x: 100, y: 180 }, "after")).toEqual({ x: 100, y: 130 });
  });

  it("follows the drag's main axis: a horizontal drag aims left and right of the target", () => {
    const card = { x: 300, y: 0, width: 100, height: 60 };
    expect(dropPoint(card, { x: 50, y: 40 }, "before")).toEqual({ x: 275, y: 30 });
    expect(dropPoint(card, { x: 50, y: 40 }, "after")).toEqual({ x: 375, y: 30 });
    expect(dropPoint(card, { x: 600, y: 20 }, "after")).toEqual({ x: 425, y: 30 });
  });
});
