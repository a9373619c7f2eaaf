/** Nearest-rank quantile (q in 0..1) of a sample; NaN for an empty one. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

/** Times `count` sequential runs of `run`, in milliseconds. */
export async function timeMany(count: number, run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

export function describe(samples: readonly number[], digits = 1): string {
  return `median ${median(samples).toFixed(digits)} ms, p90 ${quantile(samples, 0.9).toFixed(digits)} ms (n=${samples.length})`;
}
