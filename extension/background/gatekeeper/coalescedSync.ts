/**
 * One sync at a time for state Chrome keeps (declarativeNetRequest rules): each run reads the
 * state as it is when it starts, so the last one always wins, and callers arriving while a run
 * is queued share it, since it will read their change too (50 agents changing the state at once
 * cost two runs, not 50). A run's failure rejects only the callers that shared it.
 */
export function coalescedSync(apply: () => Promise<void>): () => Promise<void> {
  let tail: Promise<void> = Promise.resolve();
  /** The run queued and not yet started: later callers join it. */
  let queued: Promise<void> | null = null;
  return () => {
    if (queued !== null) return queued;
    const run = tail.then(() => {
      queued = null;
      return apply();
    });
    queued = run;
    tail = run.catch(() => undefined);
    return run;
  };
}
