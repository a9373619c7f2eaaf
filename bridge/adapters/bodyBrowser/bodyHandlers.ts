import { BODY_BROWSER_CAPABILITY, BodyActPayloadSchema } from "../../../protocol/index.js";
import type { BridgeCommandHandlers } from "../../commandContext.js";
import { affordancesOf } from "./affordances.js";
import { actOnBody } from "./bodyAct.js";
import { perceiveBody } from "../../perception/bodyPerception.js";
import { rememberRefs } from "./issuedRefs.js";
import { replayTrace } from "./replayTrace.js";
import { surpriseOfAct, surpriseOfReplay } from "./surpriseSignal.js";

export const BODY_BROWSER_HANDLERS: BridgeCommandHandlers = {
  "body.capability": () => Promise.resolve(BODY_BROWSER_CAPABILITY),
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
  "body.act": async (payload, { call, session }) => {
    const outcome = await actOnBody(BodyActPayloadSchema.parse(payload), session, call);
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
