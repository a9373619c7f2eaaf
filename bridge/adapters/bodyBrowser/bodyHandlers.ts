import { WebOperatorError } from "../../../protocol/index.js";
import type { BridgeCommandHandlers } from "../../bridgeCommands.js";
import { affordancesOf } from "./affordances.js";
import { perceiveBody } from "./bodyPerception.js";

function notBuilt(what: string): never {
  throw new WebOperatorError("not_implemented", `${what} is not built yet; drive the page with browser.* commands (or browseruse.act) and read state with body.perceive / body.encode_state.`);
}

export const BODY_BROWSER_HANDLERS: BridgeCommandHandlers = {
  "body.perceive": async (payload, { call }) => (await perceiveBody(call, payload.tabId)).observation,
  "body.encode_state": async (payload, { call }) => {
    const { observation } = await perceiveBody(call, payload.tabId);
    return { tabId: observation.tabId, state_hash: observation.state_hash };
  },
  "body.affordances": async (payload, { call }) => affordancesOf(await perceiveBody(call, payload.tabId)),
  "body.act": () => notBuilt("body.act"),
  "body.replay": () => notBuilt("body.replay"),
};
