import { leastSquaresSlope } from "../soak/memoryTrend.js";

/** Frames per unit of the slope: growth is judged in KiB per 10,000 frames. */
export const SLOPE_FRAMES = 10_000;
/**
 * The most the bridge may still grow once warmed up: 2 MiB per 10,000 frames is 200 bytes a
 * frame, far below what a per-frame leak (a kept buffer, a listener, a pending entry) costs.
 */
export const MAX_SLOPE_KB = 2 * 1024;

export interface MemorySlope {
  /** Least-squares growth over the second half of the run's samples, in KiB per 10,000 frames. */
  kbPer10kFrames: number;
  /** How many samples it was judged on. */
  samples: number;
}

/**
 * The bridge's memory judged by its slope, not its total: start-up and warm caches (V8's heap
 * growing into its first sizes, the pooled connections' buffers) make the first half of a run
 * grow and say nothing about a leak; a leak is growth that goes on, so the second half's trend
 * is what is bounded.
 */
export function memorySlope(samples: ReadonlyArray<{ frames: number; kb: number }>): MemorySlope {
  const steady = samples.slice(Math.floor(samples.length / 2));
  const slope = leastSquaresSlope(
    steady.map((sample) => sample.frames / SLOPE_FRAMES),
    steady.map((sample) => sample.kb),
  );
  return { kbPer10kFrames: slope, samples: steady.length };
}
