import { describe, expect, it } from "vitest";
import { coalescedSync } from "../../extension/background/gatekeeper/coalescedSync.js";

describe("coalescedSync: one run at a time, callers joining the queued one", () => {
  it("runs 50 callers in two runs: those arriving while one runs share the next, which reads all their changes", async () => {
    let state = 1;
    const seen: number[] = [];
    let started: () => void = () => undefined;
    const running = new Promise<void>((done) => (started = done));
    const sync = coalescedSync(async () => {
      seen.push(state);
      started();
      await new Promise((done) => setTimeout(done, 5));
    });
    const first = sync();
    await running;
    const later = Array.from({ length: 49 }, () => {
      state += 1;
      return sync();
    });
    await Promise.all([first, ...later]);
    expect(seen).toEqual([1, 50]);
  });

  it("rejects only the callers of a run that failed; the next run goes on", async () => {
    let fail = true;
    const sync = coalescedSync(() => (fail ? Promise.reject(new Error("refused")) : Promise.resolve()));
    await expect(sync()).rejects.toThrow("refused");
    fail = false;
    await expect(sync()).resolves.toBeUndefined();
  });
});
