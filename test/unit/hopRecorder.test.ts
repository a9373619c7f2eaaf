import { describe, expect, it } from "vitest";
import { HopRecorder, HopsSchema } from "../../protocol/index.js";

describe("HopRecorder: one process's step durations, with another process's steps nested in", () => {
  it("gives each mark the time since the previous one", () => {
    const hops = new HopRecorder(100);
    hops.mark("parse", 103);
    hops.mark("route", 110);
    expect(hops.hops).toEqual([
      { hop: "parse", ms: 3 },
      { hop: "route", ms: 7 },
    ]);
  });

  it("nests an inner process's steps and keeps only the rest of the round trip for the transport", () => {
    const hops = new HopRecorder(0);
    hops.mark("send", 1);
    hops.nest(
      "port, both ways",
      [
        { hop: "inner: work", ms: 4 },
        { hop: "inner: check", ms: 1 },
      ],
      9,
    );
    hops.mark("after", 10);
    expect(hops.hops).toEqual([
      { hop: "send", ms: 1 },
      { hop: "port, both ways", ms: 3 },
      { hop: "inner: work", ms: 4 },
      { hop: "inner: check", ms: 1 },
      { hop: "after", ms: 1 },
    ]);
    // The steps add up to the outer process's own wall time: nothing counted twice.
    expect(hops.hops.reduce((sum, hop) => sum + hop.ms, 0)).toBe(10);
  });

  it("never reports a negative duration when the inner clock ran coarser than the outer one", () => {
    const hops = new HopRecorder(0);
    hops.nest("port", [{ hop: "inner", ms: 2.1 }], 2);
    expect(hops.hops[0]).toEqual({ hop: "port", ms: 0 });
    expect(HopsSchema.safeParse(hops.hops).success).toBe(true);
  });
});
