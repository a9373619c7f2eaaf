import { z } from "zod";

/**
 * One step of one request, timed inside one process. Clocks of different processes are
 * not comparable, so no stamp crosses a process: each layer sends back durations only, and
 * the time a message spent between two processes is the outer layer's round trip minus the
 * inner layer's own total. Apart from HopRecorder (hopTrace.ts) because the content script
 * records hops but builds no schema at its start.
 */
export const HopSchema = z.object({ hop: z.string().min(1).max(64), ms: z.number().nonnegative() });
export type Hop = z.infer<typeof HopSchema>;
export const HopsSchema = z.array(HopSchema).max(64);
