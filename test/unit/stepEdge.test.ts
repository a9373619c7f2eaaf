import { describe, expect, it } from "vitest";
import { TaskTraceEdgeSchema, type BodyTypedAction } from "../../protocol/index.js";
import { actedIn, stepEdge, type StepFacts } from "../../bridge/tasks/trace/stepEdge.js";

const STATE = `sha256:${"a".repeat(64)}`;

function facts(actions: BodyTypedAction[], input: unknown): StepFacts {
  return {
    taskId: "task_1",
    index: 2,
    action: "file_upload",
    input,
    source: "model",
    model: "claude-test",
    startedAt: Date.parse("2026-12-02T10:00:00.000Z"),
    latencyMs: 40,
    body: { state_before: STATE, state_after: STATE, body_actions: actions },
    locator: null,
    failure: undefined,
    tabsHash: null,
  };
}

describe("a task step's trace edge", () => {
  it("carries an upload's bytes once: in body_actions, not again in typed_action", () => {
    const upload: BodyTypedAction = {
      type: "upload",
      semantic_locator: { role: "button", name: "CV", occurrence: 0 },
      files: [{ name: "cv.txt", mimeType: "text/plain", base64: "R3JhY2UgSG9wcGVy" }],
    };
    const edge = TaskTraceEdgeSchema.parse(stepEdge(facts([upload], { target: { ref: "ref_3" } })));
    expect(edge.body_actions).toEqual([upload]);
    expect(edge.typed_action).toMatchObject({ type: "upload", files: [{ name: "cv.txt", mimeType: "text/plain", base64: "" }] });
    expect(JSON.stringify(edge).split("R3JhY2UgSG9wcGVy").length - 1).toBe(1);
  });

  it("keeps any other typed action as it is, with the ref the model named", () => {
    const click: BodyTypedAction = { type: "click", semantic_locator: { role: "button", name: "Go", occurrence: 0 } };
    const edge = stepEdge(facts([click], { ref: "ref_9" }));
    expect(edge.typed_action).toEqual({ ...click, target_ref: "ref_9" });
    expect(edge.trace_id).toBe(edge.provenance.trace_id);
    expect(edge.provenance).toMatchObject({ task_id: "task_1", step: 2, model: "claude-test", source: "model" });
  });

  it("is written for a step that acted, and for none that only read the page", () => {
    const click: BodyTypedAction = { type: "click", semantic_locator: { role: "button", name: "Go", occurrence: 0 } };
    expect(actedIn({ body_actions: [click] })).toBe(true);
    // A write no typed action expresses is still an act: its edge says why it cannot be replayed.
    expect(actedIn({ body_actions: [], not_replayable: "it opened another tab; replay runs in one tab" })).toBe(true);
    expect(actedIn({ body_actions: [] })).toBe(false);
  });

  it("has a typed action, or says what the step did that none expresses", () => {
    const unexpressed = stepEdge({
      ...facts([], {}),
      body: { state_before: STATE, state_after: STATE, body_actions: [], not_replayable: "a triple click is no typed action" },
    });
    expect(TaskTraceEdgeSchema.parse(unexpressed)).toMatchObject({
      typed_action: null,
      not_replayable: "a triple click is no typed action",
    });
    const { not_replayable: _dropped, ...asRead } = unexpressed;
    expect(TaskTraceEdgeSchema.safeParse(asRead).success).toBe(false);
  });
});
