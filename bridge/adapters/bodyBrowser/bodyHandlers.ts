import { BODY_BROWSER_CAPABILITY, BodyActPayloadSchema, type AgentGovernance } from "../../../protocol/index.js";
import type { BridgeCommandHandlers } from "../../commandContext.js";
import { affordancesOf } from "./affordances.js";
import { actOnBody } from "./bodyAct.js";
import { perceiveBody } from "../../perception/bodyPerception.js";
import { rememberRefs } from "./issuedRefs.js";
import { replayTrace } from "./replayTrace.js";
import { surpriseOfAct, surpriseOfReplay } from "./surpriseSignal.js";
import { declareGovernance } from "../../agents/agentGovernance.js";
import { info } from "../../agents/agentRegistry.js";

export const BODY_BROWSER_HANDLERS: BridgeCommandHandlers = {
  "body.capability": () => Promise.resolve(BODY_BROWSER_CAPABILITY),
  "body.declare": (payload, { session }) => {
    declareGovernance(session.agent, payload.governance);
    return Promise.resolve({ agent: info(session.agent) });
  },
  "body.perceive": async (payload, { call, session }) => {
    const perception = await perceiveBody(call, payload.tabId);
    rememberRefs(session, perception);
    return perception.observation;
  },
  "body.encode_state": async (payload, { call }) => {
    const { observation } = await perceiveBody(call, payload.tabId);
    return { tabId: observation.tabId, state_hash: observation.state_hash };
  },
  "body.affordances": async (payload, { call, session }) => {
    const perception = await perceiveBody(call, payload.tabId);
    rememberRefs(session, perception);
    return affordancesOf(perception);
  },
  "body.act": async (payload, { call, escalated, session }) => {
    const action = BodyActPayloadSchema.parse(payload);
    const reason = escalationOf(action.confidence, session.agent.identity.governance);
    const outcome = await actOnBody(action, session, reason === null ? call : escalated(reason));
    const surprise = surpriseOfAct(outcome);
    if (surprise !== null) session.notify?.(surprise);
    return outcome;
  },
  "body.replay": async (payload, { call, session }) => {
    const result = await replayTrace(payload, call);
    const surprise = surpriseOfReplay(result);
    if (surprise !== null) session.notify?.(surprise);
    return result;
  },
};

/** The agent's own governance asks a person before acting on a plan it is not confident in. */
function escalationOf(confidence: number | undefined, governance: AgentGovernance | undefined): string | null {
  const threshold = governance?.confidenceBelow;
  if (confidence === undefined || threshold === undefined || confidence >= threshold) return null;
  return `the agent's confidence in this action is ${confidence}, below its governance threshold ${threshold} (escalate_when.confidence_below)`;
}
