import { describe, expect, it } from "vitest";
import { MAX_SLOPE_KB, memorySlope } from "../../scripts/fuzz/memorySlope.js";

const run = (kbAt: (frames: number) => number): Array<{ frames: number; kb: number }> =>
  Array.from({ length: 100 }, (_, index) => ({ frames: (index + 1) * 1_000, kb: kbAt((index + 1) * 1_000) }));

describe("the fuzz run's memory, judged by its slope", () => {
  it("passes a bridge that grows from 90 to 196 MB over the first 50,000 frames and stays flat", () => {
    const warmUpThenFlat = run((frames) => (frames <= 50_000 ? 90 * 1024 + (106 * 1024 * frames) / 50_000 : 196 * 1024));
    expect(memorySlope(warmUpThenFlat).kbPer10kFrames).toBeLessThanOrEqual(MAX_SLOPE_KB);
  });

  it("fails a bridge that keeps a kilobyte per frame, however small its total", () => {
    const leaking = run((frames) => 30 * 1024 + frames);
    expect(memorySlope(leaking).kbPer10kFrames).toBeGreaterThan(MAX_SLOPE_KB);
  });
});
