/**
 * While a governed agent's write runs in a tab, a declarativeNetRequest session rule blocks the
 * tab's top-level loads outside the agent's authorized domains, so a link or redirect the write
 * follows sends nothing there: the NavigationGuard alone sees such a request only once it left.
 * The rule lives for the write only, so the person's own browsing in that tab (signing in through
 * another domain for a request_user_action) is never blocked.
 */
import { governanceRule, WRITE_RULE_IDS } from "./networkRules.js";

const held = new Set<number>();

/** Puts the rule in place for one write; resolves to its release. Failing to add it leaves the guard to do the work. */
export async function holdToAuthorizedDomains(tabId: number, authorized: readonly string[]): Promise<() => Promise<void>> {
  const none = (): Promise<void> => Promise.resolve();
  if (typeof chrome.declarativeNetRequest?.updateSessionRules !== "function") return none;
  let id: number = WRITE_RULE_IDS.first;
  while (held.has(id) && id < WRITE_RULE_IDS.last) id += 1;
  const rule = held.has(id) ? null : governanceRule(id, tabId, authorized);
  if (rule === null) return none;
  held.add(id);
  try {
    await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: [id], addRules: [rule] });
  } catch (error) {
    held.delete(id);
    console.warn("WebOperator: could not add the governance rule; the navigation guard alone holds this write", error);
    return none;
  }
  return async () => {
    await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: [id] }).catch(() => undefined);
    held.delete(id);
  };
}

/** A worker that stopped mid-write left its rule behind (session rules outlive the worker): clear them at start. */
export async function clearWriteRules(): Promise<void> {
  if (typeof chrome.declarativeNetRequest?.getSessionRules !== "function") return;
  const existing = await chrome.declarativeNetRequest.getSessionRules();
  const stale = existing.map((rule) => rule.id).filter((id) => id >= WRITE_RULE_IDS.first && id <= WRITE_RULE_IDS.last && !held.has(id));
  if (stale.length > 0) await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: stale });
}
