import type { Requester } from "../protocol/index.js";

/** What the bridge knows of one agent connection. */
export interface AgentIdentity {
  /** The bridge's own id for the connection: "agent-3". */
  agentId: string;
  connectedAt: string;
  /** Tabs the connection acted in, most recent last. */
  tabIds: number[];
}

let nextAgentNumber = 1;

export function newAgentIdentity(): AgentIdentity {
  return { agentId: `agent-${nextAgentNumber++}`, connectedAt: new Date().toISOString(), tabIds: [] };
}

/**
 * The one place an agent's display name comes from. Agents cannot name themselves yet
 * (bridge.hello is another change); when they can, the name is read here and every
 * highlight, confirmation and side-panel row shows it.
 */
export function agentName(_identity: AgentIdentity): string | null {
  return null;
}

export function agentRequester(identity: AgentIdentity): Requester {
  return { kind: "agent", id: identity.agentId, name: agentName(identity) };
}

export function taskRequester(taskId: string): Requester {
  return { kind: "task", id: taskId, name: null };
}

const MAX_REMEMBERED_TABS = 20;

export function noteAgentTab(identity: AgentIdentity, tabId: number): void {
  const at = identity.tabIds.indexOf(tabId);
  if (at >= 0) identity.tabIds.splice(at, 1);
  identity.tabIds.push(tabId);
  if (identity.tabIds.length > MAX_REMEMBERED_TABS) identity.tabIds.shift();
}
