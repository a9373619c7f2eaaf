import { DEFAULT_FAILURE_STAGE, errorFromUnknown, type FailureStage, type WebOperatorError } from "../../../protocol/index.js";

/** The phases of a write, in order; each failure is placed at the one it happened in. */
export type WritePhase = "precheck" | "dispatch" | "verify" | "recovery";

/**
 * Places a failure raised during `phase` of a write, unless the code that raised it already
 * did. Before and during dispatch the code can refine the phase: a stale ref is stale_ref,
 * and a target check the page runs as the dispatch's first step (resolving the ref, its
 * enabled state) is a precheck, since nothing was dispatched yet. After the dispatch every
 * failure is that phase's: the action happened, whatever the code says.
 */
export function placeFailure(error: unknown, phase: WritePhase): WebOperatorError {
  const failure = errorFromUnknown(error);
  if (failure.stage !== undefined) return failure;
  if (phase === "verify" || phase === "recovery") return failure.atStage(phase);
  const byCode = DEFAULT_FAILURE_STAGE[failure.code];
  if (byCode === "stale_ref" || (phase === "dispatch" && byCode === "precheck")) return failure.atStage(byCode);
  return failure.atStage(phase);
}

/**
 * The stage a write command's failure answers with: the one the write path set, else the
 * one its code implies (failures raised before the write path ran: the gate, the ref's
 * resolution, the tab). Reads never carry one.
 */
export function stageForAnswer(failure: WebOperatorError, isWrite: boolean): FailureStage | undefined {
  if (!isWrite) return undefined;
  return failure.stage ?? DEFAULT_FAILURE_STAGE[failure.code] ?? undefined;
}
