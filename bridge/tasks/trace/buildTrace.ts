import type { TaskRow } from "../taskRows.js";
import type { TaskStore } from "../taskStore.js";
import { confirmationView, stepView, taskSummary } from "../taskViews.js";

/**
 * The full record of a task: the summary, every request sent to the model and its
 * response, every step with its input, full result (screenshots included) and timing,
 * confirmations, events, and one InteractionTrace edge per step that acted
 * (body-browser-capability: state_before/state_after, typed_action, latency_ms,
 * outcome_status, provenance); a step that only read the page is in `steps` alone.
 */
export function buildTrace(store: TaskStore, row: TaskRow): unknown {
  const steps = store.steps(row.id);
  return {
    format: "weboperator.task-trace/1",
    task: taskSummary(store, row),
    modelCalls: store.modelCalls(row.id).map((call) => ({
      index: call.idx,
      startedAt: call.started_at,
      durationMs: call.duration_ms,
      request: JSON.parse(call.request) as unknown,
      response: call.response === null ? null : (JSON.parse(call.response) as unknown),
      error: call.error,
    })),
    steps: steps.map((step) => ({ ...stepView(step), result: step.result === null ? null : (JSON.parse(step.result) as unknown) })),
    edges: steps.flatMap((step) => (step.edge === null ? [] : [JSON.parse(step.edge) as unknown])),
    confirmations: store
      .confirmations(row.id)
      .map((confirmation) => ({ ...confirmationView(confirmation), answer: confirmation.answer, answeredAt: confirmation.answered_at })),
    events: store.events(row.id).map((event) => JSON.parse(event.body) as unknown),
  };
}
