import type { BodyActionOutcome, BodyProvenance, BodyReplayResult, BodySurpriseEvent } from "../../../protocol/index.js";

type SurpriseDetails = Omit<BodySurpriseEvent, "kind" | "at" | "operation" | "tabId" | "trace_id" | "agent_id">;

function signal(
  operation: BodySurpriseEvent["operation"],
  tabId: number,
  provenance: BodyProvenance,
  details: SurpriseDetails,
): BodySurpriseEvent {
  return {
    kind: "body:surprise",
    at: new Date().toISOString(),
    operation,
    tabId,
    trace_id: provenance.trace_id,
    agent_id: provenance.agent_id,
    ...details,
  };
}

/** The SurpriseSignal of an action that failed, or null when it went as planned. */
export function surpriseOfAct(outcome: BodyActionOutcome): BodySurpriseEvent | null {
  if (outcome.status !== "failure" || outcome.error === undefined) return null;
  return signal("act", outcome.tabId, outcome.provenance, {
    state_before: outcome.state_before,
    state_after: outcome.state_after,
    error: outcome.error,
  });
}

/** The SurpriseSignal of a replay that diverged or failed, naming the step it stopped at. */
export function surpriseOfReplay(result: BodyReplayResult): BodySurpriseEvent | null {
  if (result.ok || result.error === undefined) return null;
  const stopped = result.steps.find((step) => step.index === result.failed_step);
  // Drift after the step's action is against its recorded after-state; drift before it, against its before-state.
  const expected =
    stopped?.status !== "diverged" ? undefined : stopped.actual_after === null ? stopped.expected_before : stopped.expected_after;
  return signal("replay", result.tabId, result.provenance, {
    state_before: stopped?.actual_before ?? null,
    state_after: stopped?.actual_after ?? null,
    ...(expected === undefined || expected === null ? {} : { expected_state: expected }),
    ...(result.failed_step === undefined ? {} : { step: result.failed_step }),
    error: result.error,
  });
}
