import { defineTool, type AnyTool } from "../../toolRegistry.js";
import { gatekeeper } from "../../gatekeeper/gatekeeper.js";
import { policyStore } from "../../gatekeeper/policyStore.js";
import { syncNetworkRules } from "../../gatekeeper/networkEnforcement.js";

const policyGetTool = defineTool({
  name: "browser.policy_get",
  async run() {
    return {
      policy: await policyStore.current(),
      userOverrides: await policyStore.userOverrides(),
      agentOverrides: await policyStore.agentOverrides(),
    };
  },
});

/** Tighten-only unless the user set socketMayLoosen (see policyTightening.ts); the network rules follow before it answers. */
const policySetTool = defineTool({
  name: "browser.policy_set",
  async run(patch) {
    const result = await policyStore.set(patch);
    await syncNetworkRules();
    return result;
  },
});

const confirmTool = defineTool({
  name: "browser.confirm",
  run: ({ id, allow }, context) => gatekeeper.answer(id, allow, context),
});

export const gatekeeperTools: AnyTool[] = [policyGetTool, policySetTool, confirmTool];
