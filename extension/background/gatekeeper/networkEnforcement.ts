import { agentDocumentMark, networkRules, NETWORK_RULE_IDS } from "./networkRules.js";
import { AGENT_TAB_TIMING } from "../../pageScripts/dialogRecorderPage.js";
import { policyStore } from "./policyStore.js";
import { readOwners } from "../agents/tabOwners.js";
import { coalescedSync } from "./coalescedSync.js";

/**
 * Keeps the declarativeNetRequest session rules equal to what the effective policy says
 * for the tabs agents hold, one sync at a time (coalescedSync.ts: 50 agents claiming tabs at
 * once cost two rule updates, not 50); callers about to let a page load in a newly claimed
 * tab await it, so the rules are in place first.
 */
const sync = coalescedSync(apply);

export function syncNetworkRules(): Promise<void> {
  return sync().catch((error: unknown) => console.warn("WebOperator: could not update the network rules", error));
}

async function apply(): Promise<void> {
  if (typeof chrome.declarativeNetRequest?.updateSessionRules !== "function") return;
  const [policy, owners] = await Promise.all([policyStore.current().catch(() => null), readOwners()]);
  const tabIds = [...new Set(Object.keys(owners.tabs).map(Number))].filter((id) => Number.isInteger(id) && id >= 0);
  // A policy that fails to load fails closed in the gate; here the previous rules stay.
  if (policy === null) return;
  const rules = [...agentDocumentMark(tabIds, AGENT_TAB_TIMING), ...networkRules(policy, tabIds)];
  const existing = await chrome.declarativeNetRequest.getSessionRules();
  const removeRuleIds = existing.map((rule) => rule.id).filter((id) => id >= NETWORK_RULE_IDS.first && id <= NETWORK_RULE_IDS.last);
  await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds, addRules: rules });
}
