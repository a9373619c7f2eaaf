import { describe, expect, it } from "vitest";
import { TaskTraceEdgeSchema, type BodyTypedAction } from "../../protocol/index.js";
import { stepEdge, type StepFacts } from "../../bridge/tasks/trace/stepEdge.js";

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
});
