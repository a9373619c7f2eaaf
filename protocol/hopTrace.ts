import type { Hop } from "./hopSchemas.js";

/** The durations of one traced request's steps in this process, in order. */
export class HopRecorder {
  readonly hops: Hop[] = [];
  private last: number;

  constructor(startedAt: number = performance.now()) {
    this.last = startedAt;
  }

  /** The time since the previous mark went to `hop`. */
  mark(hop: string, now: number = performance.now()): void {
    this.hops.push({ hop, ms: Math.max(0, now - this.last) });
    this.last = now;
  }

  /**
   * The time since the previous mark was a round trip to another process, which timed its
   * own steps: `hop` gets the rest (the transport, both ways), followed by the inner steps.
   */
  nest(hop: string, inner: readonly Hop[], now: number = performance.now()): void {
    const innerTotal = inner.reduce((sum, step) => sum + step.ms, 0);
    this.hops.push({ hop, ms: Math.max(0, now - this.last - innerTotal) }, ...inner);
    this.last = now;
  }
}
