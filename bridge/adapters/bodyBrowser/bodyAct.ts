import {
  DEFAULT_FAILURE_STAGE,
  WebOperatorError,
  type BodyActPayload,
  type BodyActionOutcome,
  type BodyError,
  type BodyProvenance,
  type BodyTypedAction,
} from "../../../protocol/index.js";
import type { AgentSession } from "../../commandContext.js";
import type { BrowserCaller } from "../../perception/browserCaller.js";
import { perceiveBody } from "../../perception/bodyPerception.js";
import { issuedRef } from "./issuedRefs.js";
import { newTraceId, provenanceOf } from "../../perception/provenance.js";
import { resolveTargets } from "../../actions/resolveTargets.js";
import { runTypedAction, type ActionEvidence } from "../../actions/typedActionRunner.js";

/**
 * body.act: perceive (state_before), resolve the target in that state, run the action as
 * browser.* commands, perceive again (state_after), and answer the outcome with its
 * InteractionTrace edge. A failed browser command, a stale ref, a locator that finds nothing
 * and an unmet expect_state are `failure` outcomes with provenance; only malformed input
 * (bad_request) is a socket error.
 */
export async function actOnBody(payload: BodyActPayload, session: AgentSession, call: BrowserCaller): Promise<BodyActionOutcome> {
  // confidence decided whether a person is asked (bodyHandlers); it is not part of the recorded action.
  const { tabId, agent_id: agentId, trace_id: traceId, expect_state: expected, confidence: _confidence, ...typed } = payload;
  const action = typed;
  const before = await perceiveBody(call, tabId);
  const tab = before.observation.tabId;
  const timestamp = new Date().toISOString();
  const provenance = provenanceOf("act", agentId, traceId ?? newTraceId(), timestamp);
  const startedAt = performance.now();
  // Failures of the plan against this state (an expectation the page no longer meets, a ref
  // from another perception, a locator that matches nothing) are outcomes like a refused
  // click: nothing was done, and the caller learns it with provenance and a SurpriseSignal.
  let resolved: ReturnType<typeof resolveTargets>;
  try {
    if (expected !== undefined && expected !== before.observation.state_hash) {
      throw new WebOperatorError(
        "state_diverged",
        `The page is in state ${before.observation.state_hash}, not the expected ${expected}; nothing was done. Call body.perceive and plan against the current state.`,
      );
    }
    resolved = resolveTargets(action, before, (ref) => issuedRef(session, tab, ref));
  } catch (failure) {
    if (!isPlanFailure(failure)) throw failure;
    const state = before.observation.state_hash;
    const stage = DEFAULT_FAILURE_STAGE[failure.code];
    const error = { code: failure.code, message: failure.message, ...(stage === null ? {} : { stage }) };
    return outcomeOf(tab, action, state, state, Math.round(performance.now() - startedAt), provenance, error, {});
  }
  let evidence: ActionEvidence = {};
  let error: BodyError | undefined;
  try {
    evidence = await runTypedAction(action, resolved.targets, call, tab);
  } catch (failure) {
    if (!(failure instanceof WebOperatorError) || failure.code === "bad_request") throw failure;
    error = { code: failure.code, message: failure.message, ...failure.details };
  }
  const latency = Math.round(performance.now() - startedAt);
  const after = await perceiveBody(call, tab);
  return outcomeOf(
    tab,
    resolved.recorded,
    before.observation.state_hash,
    after.observation.state_hash,
    latency,
    provenance,
    error,
    evidence,
  );
}

const PLAN_FAILURES: ReadonlySet<string> = new Set(["state_diverged", "stale_ref", "not_found"]);

function isPlanFailure(failure: unknown): failure is WebOperatorError {
  return failure instanceof WebOperatorError && PLAN_FAILURES.has(failure.code);
}

function outcomeOf(
  tab: number,
  recorded: BodyTypedAction,
  before: string,
  after: string,
  latency: number,
  provenance: BodyProvenance,
  error: BodyError | undefined,
  evidence: ActionEvidence,
): BodyActionOutcome {
  const status = error === undefined ? "success" : "failure";
  return {
    tabId: tab,
    status,
    state_before: before,
    state_after: after,
    edge: {
      trace_id: provenance.trace_id,
      body_subtype: "browser",
      state_before: before,
      typed_action: recorded,
      state_after: after,
      latency_ms: latency,
      outcome_status: status,
      ...(error === undefined ? {} : { error }),
      provenance,
    },
    provenance,
    ...(error === undefined ? {} : { error }),
    ...evidence,
  };
}
