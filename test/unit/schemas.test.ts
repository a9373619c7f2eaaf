import { describe, expect, it } from "vitest";
import { AgentRequestSchema, AgentResponseSchema, COMMANDS, EventEnvelopeSchema, parseRef, formatRef } from "../../protocol/index.js";

describe("agent envelope", () => {
  it("accepts the seed's request and fills nothing it was not given", () => {
    const request = { id: "req-1", type: "browser.snapshot", payload: {}, timeoutMs: 30000, token: "t" };
    expect(AgentRequestSchema.parse(request)).toEqual(request);
    expect(AgentRequestSchema.parse({ type: "bridge.health" })).toEqual({ type: "bridge.health" });
  });

  it("rejects wrong types", () => {
    expect(AgentRequestSchema.safeParse({ id: "x", type: 5 }).success).toBe(false);
    expect(AgentRequestSchema.safeParse({ type: "a", payload: [] }).success).toBe(false);
    expect(AgentRequestSchema.safeParse({ type: "a", timeoutMs: -1 }).success).toBe(false);
    expect(AgentRequestSchema.safeParse([]).success).toBe(false);
  });

  it("parses results, errors with codes, and events", () => {
    expect(AgentResponseSchema.parse({ id: "a", result: { x: 1 } })).toEqual({ id: "a", result: { x: 1 } });
    expect(AgentResponseSchema.parse({ id: null, error: "nope", code: "bad_request" })).toMatchObject({ code: "bad_request" });
    expect(AgentResponseSchema.safeParse({ id: "a", error: "x", code: "made_up" }).success).toBe(false);
    expect(EventEnvelopeSchema.parse({ kind: "event", event: { kind: "task:update", task: {} } }).event.kind).toBe("task:update");
  });
});

describe("command payloads", () => {
  it("takes the seed's string booleans for submit", () => {
    const parsed = COMMANDS["browser.type"].payload.parse({ ref: "@e4", text: "hello", mode: "replace", submit: "false", tabId: 123 });
    expect(parsed.submit).toBe(false);
    expect(COMMANDS["browser.type"].payload.parse({ ref: "e", text: "", submit: "true" }).submit).toBe(true);
    expect(COMMANDS["browser.type"].payload.parse({ ref: "e", text: "" })).toMatchObject({ mode: "replace", submit: false });
    expect(COMMANDS["browser.type"].payload.safeParse({ ref: "e", text: "", submit: "yes" }).success).toBe(false);
  });

  it("rejects unknown fields so typos surface", () => {
    expect(COMMANDS["browser.click"].payload.safeParse({ ref: "a", tabid: 3 }).success).toBe(false);
    expect(COMMANDS["browser.click"].payload.safeParse({ ref: "a", reason: "open details", tabId: 3 }).success).toBe(true);
  });

  it("bounds scroll directions and extract offsets", () => {
    expect(COMMANDS["browser.scroll"].payload.safeParse({ direction: "sideways" }).success).toBe(false);
    expect(COMMANDS["browser.extract"].payload.safeParse({ fromChar: -1 }).success).toBe(false);
  });
});

describe("ref format", () => {
  it("round-trips and accepts @ and [ref=...] spellings", () => {
    const ref = { documentNonce: "k4m9z", snapshotSeq: 3, index: 12 };
    expect(formatRef(ref)).toBe("sk4m9z_3_12");
    expect(parseRef("sk4m9z_3_12")).toEqual(ref);
    expect(parseRef("@sk4m9z_3_12")).toEqual(ref);
    expect(parseRef("[ref=sk4m9z_3_12]")).toEqual(ref);
    expect(parseRef("e12")).toBeNull();
    expect(parseRef("sK4_1_1")).toBeNull();
  });
});
