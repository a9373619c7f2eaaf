import type { BodyTypedAction, FailureStage, TaskTraceEdge, WebOperatorError } from "../../../protocol/index.js";
import { newTraceId, provenanceOf } from "../../perception/provenance.js";
import type { TargetHint } from "../taskTypes.js";
import { shortInput } from "../taskViews.js";
import type { BodyStepRecord } from "./bodyStepRecorder.js";

export interface StepFacts {
  taskId: string;
  index: number;
  /** The provider's member or action name, and the input the model gave it. */
  action: string;
  input: unknown;
  source: TaskTraceEdge["provenance"]["source"];
  model: string;
  startedAt: number;
  latencyMs: number;
  body: BodyStepRecord;
  locator: TargetHint | null;
  failure: WebOperatorError | undefined;
  tabsHash: string | null;
}

/**
 * Whether a step acted: it made a call a typed action stands for, or a write none expresses
 * (then not_replayable says which). A step that only read the page did neither, and is no edge.
 */
export function actedIn(body: Pick<BodyStepRecord, "body_actions" | "not_replayable">): boolean {
  return body.body_actions.length > 0 || body.not_replayable !== undefined;
}

/**
 * A task step that acted, as an InteractionTrace edge of its own (its own trace_id; the task is in the
 * provenance), so memory, telemetry and body.replay read a task's trace as they read body.act's.
 */
export function stepEdge(facts: StepFacts): TaskTraceEdge {
  const timestamp = new Date(facts.startedAt).toISOString();
  const first = facts.body.body_actions[0];
  const traceId = newTraceId();
  return {
    trace_id: traceId,
    body_subtype: "browser",
    state_before: facts.body.state_before,
    typed_action: first === undefined ? null : withoutFileBytes(withTargetRef(first, facts.input)),
    state_after: facts.body.state_after,
    body_actions: facts.body.body_actions,
    ...(facts.body.not_replayable === undefined ? {} : { not_replayable: facts.body.not_replayable }),
    latency_ms: facts.latencyMs,
    outcome_status: facts.failure === undefined ? "success" : "failure",
    ...(facts.failure === undefined ? {} : { error: edgeError(facts.failure) }),
    tool: { action: facts.action, input: shortInput(facts.input), locator: facts.locator },
    tabs_hash: facts.tabsHash,
    provenance: {
      ...provenanceOf("act", `task:${facts.taskId}`, traceId, timestamp),
      source: facts.source,
      task_id: facts.taskId,
      step: facts.index,
      model: facts.model,
    },
  };
}

function edgeError(failure: WebOperatorError): { code: string; message: string; stage?: FailureStage } {
  return { code: failure.code, message: failure.message, ...(failure.stage === undefined ? {} : { stage: failure.stage }) };
}

/** The ref the model named, beside the semantic locator replay uses: the seed's typed_action carries both. */
function withTargetRef(action: BodyTypedAction, input: unknown): BodyTypedAction {
  const ref = namedRef(input);
  if (ref === undefined || !("semantic_locator" in action)) return action;
  return { ...action, target_ref: ref };
}

/**
 * How a model named its element: a ref (`ref`, or Claude's `target: {type: "ref", ref}`), or
 * Browser-Use's `element_index`, recorded as `index:N` since it is a number only of its state.
 */
function namedRef(input: unknown): string | undefined {
  if (!isRecord(input)) return undefined;
  if (typeof input.ref === "string") return input.ref;
  if (isRecord(input.target) && typeof input.target.ref === "string") return input.target.ref;
  if (typeof input.element_index === "number") return `index:${input.element_index}`;
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * An upload's typed_action names its files without their bytes (base64 ""): the same bytes are
 * in body_actions, which replay reads, and one trace should not carry a file twice.
 */
export function withoutFileBytes(action: BodyTypedAction): BodyTypedAction {
  if (action.type !== "upload" || !("files" in action) || action.files === undefined) return action;
  return { ...action, files: action.files.map((file) => ({ ...file, base64: "" })) };
}
