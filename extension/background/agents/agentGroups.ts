import type { AgentIdentity } from "../../../protocol/index.js";
import type { OwnerState } from "./tabOwners.js";

/**
 * Puts a tab into its agent's tab group in the tab's window, creating the group (titled
 * and coloured per agent) on first use. A group cannot span windows, so an agent has one
 * group per window it uses. The group is what the user sees; ownership itself is the
 * tabOwners record, so a browser that refuses the group (a popup window, no tab groups
 * API) still keeps agents apart.
 */
export async function groupForAgent(owners: OwnerState, agent: AgentIdentity, tabId: number): Promise<void> {
  if (typeof chrome.tabs.group !== "function" || typeof chrome.tabGroups?.update !== "function") return;
  try {
    const tab = await chrome.tabs.get(tabId);
    const existing = await agentGroupIn(owners, agent.id, tab.windowId);
    if (existing !== null && tab.groupId === existing) return;
    const groupId = await chrome.tabs.group(
      existing === null ? { tabIds: tabId, createProperties: { windowId: tab.windowId } } : { tabIds: tabId, groupId: existing },
    );
    owners.groups[String(groupId)] = agent.id;
    if (existing === null) await chrome.tabGroups.update(groupId, { title: agent.name, color: agent.color, collapsed: false });
  } catch (error) {
    console.warn(`WebOperator: could not put tab ${tabId} into agent ${agent.id}'s group`, error);
  }
}

/** Takes a released tab out of its agent's group; the tab itself stays open. */
export async function ungroupTab(tabId: number): Promise<void> {
  if (typeof chrome.tabs.ungroup !== "function") return;
  await chrome.tabs.ungroup(tabId).catch(() => undefined);
}

async function agentGroupIn(owners: OwnerState, agentId: string, windowId: number): Promise<number | null> {
  for (const [key, owner] of Object.entries(owners.groups)) {
    if (owner !== agentId) continue;
    const groupId = Number(key);
    const group = await chrome.tabGroups.get(groupId).catch(() => null);
    if (group === null) {
      // Emptied groups disappear; forget them.
      delete owners.groups[key];
      continue;
    }
    if (group.windowId === windowId) return groupId;
  }
  return null;
}
