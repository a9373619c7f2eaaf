import type { AgentIdentity, PanelAgent, Requester } from "../protocol/index.js";
import type { AgentRecord } from "./commandContext.js";

/**
 * Who the extension is told a call comes from: highlights, held confirmations and the side
 * panel name it. A task is named by its task id, so the panel can link the two.
 */
export function requesterOf(identity: AgentIdentity): Requester {
  if (identity.kind === "task") return { kind: "task", id: identity.id.replace(/^task:/, ""), name: identity.name };
  return { kind: "agent", id: identity.id, name: identity.name };
}

export function panelAgentOf(record: AgentRecord): PanelAgent {
  return { id: record.identity.id, name: record.identity.name, connectedAt: record.since, tabIds: [...record.tabIds] };
}

const MAX_REMEMBERED_TABS = 20;

export function noteAgentTab(record: AgentRecord, tabId: number): void {
  const at = record.tabIds.indexOf(tabId);
  if (at >= 0) record.tabIds.splice(at, 1);
  record.tabIds.push(tabId);
  if (record.tabIds.length > MAX_REMEMBERED_TABS) record.tabIds.shift();
}

/** The agent closed one of its tabs: it leaves the remembered ones, and a closed route falls back to the last one before it. */
export function forgetClosedTab(record: AgentRecord, tabId: number): void {
  const at = record.tabIds.indexOf(tabId);
  if (at >= 0) record.tabIds.splice(at, 1);
  if (record.lastTabId === tabId && record.tabIds.length > 0) record.lastTabId = record.tabIds[record.tabIds.length - 1];
}
