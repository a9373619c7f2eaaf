import type { AgentGovernance } from "../../../protocol/index.js";
import type { Policy } from "../../../protocol/tools/gatekeeperTools.js";

/** The user's policy as one agent's call meets it: tightened, never loosened, by the agent's declared governance. */
export type GovernedPolicy = Policy & {
  /** The agent's authorized domain set: every host it opens or acts on must match one. */
  authorizedDomains?: readonly string[];
};

/**
 * Governance only adds restrictions: the authorized domains are checked after the user's
 * own allow and block lists (checkHost), and the credential-form rule switches the
 * `credentials` confirmation on whatever the user chose. Who answers stays the user's setting.
 */
export function governedPolicy(policy: Policy, governance: AgentGovernance | undefined): GovernedPolicy {
  if (governance === undefined) return policy;
  return {
    ...policy,
    confirm: { ...policy.confirm, credentials: policy.confirm.credentials || governance.credentialForms },
    ...(governance.authorizedDomains === undefined ? {} : { authorizedDomains: governance.authorizedDomains }),
  };
}
