import type { AgentSession } from "../../commandContext.js";
import type { BrowserUseStateObject, IssuedState } from "../../perception/browserUseState.js";

/**
 * The last State Object each agent connection received, per tab, with what its indexes named. An
 * element_index is valid only for the state it was issued in (acting on a stale index would hit
 * whatever now has that number), so only the latest one is kept; a failed action answers it again
 * unchanged. It dies with the connection.
 */
interface Issued {
  issued: IssuedState;
  /** Without its screenshot: a failure answers the state, not the pixels, and one image per tab would pile up. */
  state: Omit<BrowserUseStateObject, "screenshot">;
}

const issued = new WeakMap<AgentSession, Map<number, Issued>>();

export function rememberIssued(session: AgentSession, state: IssuedState, answered: BrowserUseStateObject): void {
  let byTab = issued.get(session);
  if (byTab === undefined) {
    byTab = new Map();
    issued.set(session, byTab);
  }
  const { screenshot: _screenshot, ...withoutImage } = answered;
  byTab.set(state.tabId, { issued: state, state: withoutImage });
}

export function lastIssued(session: AgentSession, tabId: number | undefined): IssuedState | undefined {
  return tabId === undefined ? undefined : issued.get(session)?.get(tabId)?.issued;
}

export function lastIssuedState(session: AgentSession, tabId: number | undefined): Omit<BrowserUseStateObject, "screenshot"> | undefined {
  return tabId === undefined ? undefined : issued.get(session)?.get(tabId)?.state;
}
