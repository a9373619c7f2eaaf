/** Percentiles of a list of durations in milliseconds (nearest rank). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function describeLatencies(samples: readonly number[]): string {
  return `p50 ${percentile(samples, 50).toFixed(2)} ms, p99 ${percentile(samples, 99).toFixed(2)} ms (n=${samples.length})`;
}

/** Times `run` and appends the elapsed milliseconds to `samples`. */
export async function timed<T>(samples: number[], run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    samples.push(performance.now() - started);
  }
}
