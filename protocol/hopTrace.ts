import { z } from "zod";

/**
 * One step of one request, timed inside one process. Clocks of different processes are
 * not comparable, so no stamp crosses a process: each layer sends back durations only, and
 * the time a message spent between two processes is the outer layer's round trip minus the
 * inner layer's own total.
 */
export const HopSchema = z.object({ hop: z.string().min(1).max(64), ms: z.number().nonnegative() });
export type Hop = z.infer<typeof HopSchema>;
export const HopsSchema = z.array(HopSchema).max(64);

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
