import { WebOperatorError, type BodyActPayload, type BodyActionOutcome } from "../../../protocol/index.js";
import type { AgentSession } from "../../commandContext.js";
import type { BrowserCaller } from "../../perception/browserCaller.js";
import { perceiveBody } from "../../perception/bodyPerception.js";
import { issuedRef } from "./issuedRefs.js";
import { newTraceId, provenanceOf } from "../../perception/provenance.js";
import { resolveTargets } from "../../perception/resolveTargets.js";
import { runTypedAction, type ActionEvidence } from "../../perception/typedActionRunner.js";

/**
 * body.act: perceive (state_before), resolve the target in that state, run the action as
 * browser.* commands, perceive again (state_after), and answer the outcome with its
 * InteractionTrace edge. A failed browser command is a `failure` outcome, with provenance
 * like any other; input that names nothing acts on nothing and is a typed error.
 */
export async function actOnBody(payload: BodyActPayload, session: AgentSession, call: BrowserCaller): Promise<BodyActionOutcome> {
  const { tabId, agent_id: agentId, trace_id: traceId, expect_state: expected, ...typed } = payload;
  const action = typed;
  const before = await perceiveBody(call, tabId);
  const tab = before.observation.tabId;
  if (expected !== undefined && expected !== before.observation.state_hash) {
    throw new WebOperatorError(
      "state_diverged",
      `The page is in state ${before.observation.state_hash}, not the expected ${expected}; nothing was done. Call body.perceive and plan against the current state.`,
    );
  }
  const { targets, recorded } = resolveTargets(action, before, (ref) => issuedRef(session, tab, ref));
  const timestamp = new Date().toISOString();
  const startedAt = performance.now();
  let evidence: ActionEvidence = {};
  let error: { code: string; message: string } | undefined;
  try {
    evidence = await runTypedAction(action, targets, call, tab);
  } catch (failure) {
    if (!(failure instanceof WebOperatorError) || failure.code === "bad_request") throw failure;
    error = { code: failure.code, message: failure.message };
  }
  const latency = Math.round(performance.now() - startedAt);
  const after = await perceiveBody(call, tab);
  const provenance = provenanceOf("act", agentId, traceId ?? newTraceId(), timestamp);
  const status = error === undefined ? "success" : "failure";
  return {
    tabId: tab,
    status,
    state_before: before.observation.state_hash,
    state_after: after.observation.state_hash,
    edge: {
      trace_id: provenance.trace_id,
      body_subtype: "browser",
      state_before: before.observation.state_hash,
      typed_action: recorded,
      state_after: after.observation.state_hash,
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
