import type { AgentSession } from "../../commandContext.js";
import type { IssuedState } from "../../perception/browserUseState.js";

/**
 * The last State Object each agent connection received, per tab. An element_index is
 * valid only for the state it was issued in (acting on a stale index would hit whatever now has that number),
 * so only the latest one is kept. It dies with the connection.
 */
const issued = new WeakMap<AgentSession, Map<number, IssuedState>>();

export function rememberIssued(session: AgentSession, state: IssuedState): void {
  let byTab = issued.get(session);
  if (byTab === undefined) {
    byTab = new Map();
    issued.set(session, byTab);
  }
  byTab.set(state.tabId, state);
}

export function lastIssued(session: AgentSession, tabId: number | undefined): IssuedState | undefined {
  return tabId === undefined ? undefined : issued.get(session)?.get(tabId);
}
