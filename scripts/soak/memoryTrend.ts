/** One memory sample of a soak run. */
export interface MemorySample {
  atMs: number;
  bridgeKb: number;
  browserKb: number;
}

export interface Trend {
  /** Median of the second quarter of samples: after start-up and warm-up caches. */
  earlyKb: number;
  /** Median of the last quarter. */
  lateKb: number;
  growthPercent: number;
  /** Least-squares slope over the samples after the first quarter, in KiB per minute. */
  slopeKbPerMinute: number;
}

/** How a series grew from the warmed-up second quarter to the last quarter of the run. */
export function trendOf(samples: readonly MemorySample[], pick: (sample: MemorySample) => number): Trend {
  const quarter = Math.max(1, Math.floor(samples.length / 4));
  const early = samples.slice(quarter, quarter * 2).map(pick);
  const late = samples.slice(-quarter).map(pick);
  const earlyKb = median(early.length > 0 ? early : samples.map(pick));
  const lateKb = median(late);
  const steady = samples.slice(quarter);
  return { earlyKb, lateKb, growthPercent: earlyKb > 0 ? ((lateKb - earlyKb) / earlyKb) * 100 : 0, slopeKbPerMinute: slope(steady, pick) };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function slope(samples: readonly MemorySample[], pick: (sample: MemorySample) => number): number {
  return leastSquaresSlope(
    samples.map((sample) => sample.atMs / 60_000),
    samples.map(pick),
  );
}

/** The least-squares slope of ys over xs (0 for fewer than two points): growth per unit of x. */
export function leastSquaresSlope(xs: readonly number[], ys: readonly number[]): number {
  if (xs.length < 2) return 0;
  const meanX = xs.reduce((a, b) => a + b, 0) / xs.length;
  const meanY = ys.reduce((a, b) => a + b, 0) / ys.length;
  let numerator = 0;
  let denominator = 0;
  for (let index = 0; index < xs.length; index++) {
    numerator += ((xs[index] ?? 0) - meanX) * ((ys[index] ?? 0) - meanY);
    denominator += ((xs[index] ?? 0) - meanX) ** 2;
  }
  return denominator === 0 ? 0 : numerator / denominator;
}
