import { WebOperatorError, type BrowserCommandType, type TaskEvent, type TaskTraceEdge } from "../../../protocol/index.js";
import type { TaskRow } from "../taskRows.js";
import type { TaskStore } from "../taskStore.js";
import type { StepOutcome, ToolCaller } from "../taskTypes.js";
import { shortInput } from "../taskViews.js";
import { parseBrowserResult } from "../browserResult.js";
import { BodyStepRecorder } from "./bodyStepRecorder.js";
import { actedIn, stepEdge } from "./stepEdge.js";

export interface StepRecorderDeps {
  row: Pick<TaskRow, "id" | "model" | "provider">;
  store: TaskStore;
  callTool: ToolCaller;
  emit: (event: TaskEvent) => void;
}

/** A step begun: its index, when it began, and the action and input it was given. */
export interface OpenStep {
  index: number;
  startedAt: number;
  action: string;
  input: unknown;
}

const now = (): string => new Date().toISOString();

/**
 * Records a task's steps: each is written to the store (with its InteractionTrace edge when it
 * acted) before its task:step event goes out. Between begin and end it notes the browser calls
 * the step makes, so the edge says, in &body.browser terms, what the step did.
 */
export class StepRecorder {
  private nextIndex: number;
  private open: OpenStep | null = null;
  private lastStateHash: string | null = null;
  /** The &body.browser view of each step (state hashes, typed actions) for the trace, replay and skills. */
  private readonly body: BodyStepRecorder;

  constructor(private readonly deps: StepRecorderDeps) {
    this.nextIndex = deps.store.stepCount(deps.row.id);
    this.body = new BodyStepRecorder(async (type, payload) => parseBrowserResult(type, await deps.callTool(type, payload)) as never);
  }

  /** How many steps the task has taken, across its runs: what maxSteps counts. */
  get count(): number {
    return this.nextIndex;
  }

  /** Whether a step runs now (a call outside one, such as a watch's look, is no part of a step). */
  get inStep(): boolean {
    return this.open !== null;
  }

  async begin(action: string, input: unknown, tabId: number | null): Promise<void> {
    const index = this.nextIndex++;
    await this.body.beginStep(tabId);
    this.open = { index, startedAt: Date.now(), action, input };
  }

  /** A browser call the open step makes, before it runs; `engineStep` for the engine's own (its first tab). */
  noteCall(type: BrowserCommandType, payload: Record<string, unknown>, engineStep = false): void {
    if (this.open !== null) this.body.note(type, payload, engineStep);
  }

  /** A browser call's result, for the calls only whose result says what they acted on. */
  noteResult(type: BrowserCommandType, payload: Record<string, unknown>, result: unknown): void {
    if (this.open !== null) this.body.noteResult(type, payload, result);
  }

  /** Ends the open step: writes it, then announces it. A step that acted also gets its edge. */
  async end<T>(tabId: number | null, outcome: StepOutcome<T> | undefined, failure: WebOperatorError | undefined): Promise<void> {
    const step = this.open;
    if (step === null) throw new WebOperatorError("internal_error", "A task step ended that never began.");
    this.open = null;
    const durationMs = Date.now() - step.startedAt;
    if (outcome?.stateHash !== undefined) this.lastStateHash = outcome.stateHash;
    const body = await this.body.endStep(tabId);
    const { id, model, provider } = this.deps.row;
    // A read is no edge: the seed's edge is what act emits. The step itself stays in the task's steps.
    const edge: TaskTraceEdge | null = actedIn(body)
      ? stepEdge({
          taskId: id,
          index: step.index,
          action: step.action,
          input: step.input,
          source: step.action === "open_tab" ? "engine" : provider === "replay" ? "replay" : "model",
          model,
          startedAt: step.startedAt,
          latencyMs: durationMs,
          body,
          locator: outcome?.locator ?? null,
          failure,
          tabsHash: this.lastStateHash,
        })
      : null;
    const summary = outcome?.summary ?? `${failure?.code ?? "error"}: ${failure?.message ?? ""}`;
    this.deps.store.insertStep({
      task_id: id,
      idx: step.index,
      action: step.action,
      input: JSON.stringify(step.input ?? null),
      ok: outcome === undefined ? 0 : 1,
      summary: summary.slice(0, 2_000),
      error_code: failure?.code ?? null,
      result: outcome === undefined ? null : JSON.stringify(outcome.record ?? outcome.value ?? null),
      edge: edge === null ? null : JSON.stringify(edge),
      started_at: new Date(step.startedAt).toISOString(),
      duration_ms: durationMs,
    });
    this.deps.emit({
      kind: "task:step",
      taskId: id,
      at: now(),
      step: {
        index: step.index,
        action: step.action,
        input: shortInput(step.input),
        ok: outcome !== undefined,
        summary: summary.slice(0, 500),
        errorCode: failure?.code ?? null,
        durationMs,
      },
    });
  }
}

/** What a step's trace edge records: the browser's own error when the model was told it in other words. */
export function stepFailure(error: unknown): WebOperatorError {
  if (error instanceof WebOperatorError) return error;
  if (error instanceof Error && error.cause instanceof WebOperatorError) return error.cause;
  return new WebOperatorError("dispatch_failed", error instanceof Error ? error.message : String(error));
}
