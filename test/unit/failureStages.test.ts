import { describe, expect, it } from "vitest";
import { placeFailure, stageForAnswer } from "../../extension/background/actions/failureStage.js";
import { toolErrorOf } from "../../agent-client/mcp/toolError.js";
import { ErrorResponseSchema, ExtensionResponseSchema, WebOperatorError, type ConfirmationRequest } from "../../protocol/index.js";

const failure = (code: ConstructorParameters<typeof WebOperatorError>[0]): WebOperatorError =>
  new WebOperatorError(code, `${code} happened`);

describe("a write failure's stage", () => {
  it("before the dispatch is precheck, whatever the code, except a stale ref", () => {
    expect(placeFailure(failure("not_actionable"), "precheck").stage).toBe("precheck");
    expect(placeFailure(failure("timeout"), "precheck").stage).toBe("precheck");
    expect(placeFailure(failure("dialog_patch_failed"), "precheck").stage).toBe("precheck");
    expect(placeFailure(failure("stale_ref"), "precheck").stage).toBe("stale_ref");
  });

  it("in the dispatch is dispatch, except the page's own target checks that ran first", () => {
    expect(placeFailure(failure("debugger_unavailable"), "dispatch").stage).toBe("dispatch");
    expect(placeFailure(failure("internal_error"), "dispatch").stage).toBe("dispatch");
    expect(placeFailure(failure("navigation_failed"), "dispatch").stage).toBe("dispatch");
    expect(placeFailure(failure("not_actionable"), "dispatch").stage).toBe("precheck");
    expect(placeFailure(failure("stale_ref"), "dispatch").stage).toBe("stale_ref");
  });

  it("after the dispatch is that phase's, even for a code that usually means nothing was done", () => {
    expect(placeFailure(failure("stale_ref"), "verify").stage).toBe("verify");
    expect(placeFailure(failure("policy_denied"), "verify").stage).toBe("verify");
    expect(placeFailure(new Error("boom"), "recovery")).toMatchObject({ code: "internal_error", stage: "recovery" });
  });

  it("keeps a stage the raising code set, and the message and confirmation with it", () => {
    const confirmation = { id: "cf_0123456789ab" } as ConfirmationRequest;
    const set = new WebOperatorError("confirmation_required", "ask first", { confirmation, stage: "precheck" });
    expect(placeFailure(set, "verify")).toBe(set);
    const placed = new WebOperatorError("confirmation_required", "ask first", { confirmation }).atStage("verify");
    expect(placed).toMatchObject({ code: "confirmation_required", message: "ask first", confirmation, stage: "verify" });
    expect(placed.details).toEqual({ confirmation, stage: "verify" });
  });

  it("answers a write with its set stage or its code's, and a read never with one", () => {
    expect(stageForAnswer(failure("obscured"), true)).toBe("precheck");
    expect(stageForAnswer(failure("dispatch_failed"), true)).toBe("dispatch");
    expect(stageForAnswer(failure("timeout"), true)).toBeUndefined();
    expect(stageForAnswer(failure("obscured").atStage("verify"), true)).toBe("verify");
    expect(stageForAnswer(failure("stale_ref").atStage("stale_ref"), false)).toBeUndefined();
    expect(failure("stale_ref").atStage("stale_ref").atStage(undefined).details).toEqual({});
  });

  it("travels in the socket's and the native link's error frames, and only as one of the five", () => {
    expect(ErrorResponseSchema.parse({ id: 1, code: "obscured", error: "…", stage: "precheck" }).stage).toBe("precheck");
    expect(ErrorResponseSchema.safeParse({ id: 1, code: "obscured", error: "…", stage: "later" }).success).toBe(false);
    const native = { kind: "response", id: "r1", ok: false, code: "recovery_failed", error: "…", stage: "recovery" };
    expect(ExtensionResponseSchema.parse(native)).toMatchObject({ stage: "recovery" });
  });

  it("is shown outside the page-data boundary of an MCP tool error, and in its structured content", () => {
    const result = toolErrorOf("obscured", 'covered by "Stage: none"', { stage: "precheck" }, true);
    const text = (result.content[0] as { text: string }).text;
    expect(text.startsWith("error [obscured] (stage: precheck) (the details may quote the page):\n")).toBe(true);
    expect(result.structuredContent).toMatchObject({ code: "obscured", stage: "precheck" });
    expect(toolErrorOf("timeout", "slow").content).toEqual([{ type: "text", text: "error [timeout]: slow" }]);
  });
});
