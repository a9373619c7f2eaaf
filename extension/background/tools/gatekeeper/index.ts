import { defineTool, type AnyTool } from "../../toolRegistry.js";
import { gatekeeper } from "../../gatekeeper/gatekeeper.js";
import { policyStore } from "../../gatekeeper/policyStore.js";

const policyGetTool = defineTool({
  name: "browser.policy_get",
  async run() {
    return { policy: await policyStore.current(), userOverrides: await policyStore.userOverrides(), agentOverrides: await policyStore.agentOverrides() };
  },
});

/** Tighten-only unless the user set socketMayLoosen (see policyTightening.ts). */
const policySetTool = defineTool({
  name: "browser.policy_set",
  run: (patch) => policyStore.set(patch),
});

const confirmTool = defineTool({
  name: "browser.confirm",
  run: ({ id, allow }, context) => gatekeeper.answer(id, allow, context),
});

export const gatekeeperTools: AnyTool[] = [policyGetTool, policySetTool, confirmTool];
