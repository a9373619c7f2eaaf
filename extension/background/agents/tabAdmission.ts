import { WebOperatorError, type AgentIdentity } from "../../../protocol/index.js";
import type { Policy } from "../../../protocol/tools/gatekeeperTools.js";
import { groupForAgent, ungroupTab } from "./agentGroups.js";
import { readOwners, withOwners, type OwnerState } from "./tabOwners.js";
import { syncNetworkRules } from "../gatekeeper/networkEnforcement.js";
import { debuggerSession } from "../debuggerSession.js";

/** How the call reached the tab: named by the payload, or its default route / the visible tab. */
export type TabChoice = "explicit" | "default";

/**
 * The gatekeeper's agent check, so agents never act in each other's tabs: a tab in another agent's group is not
 * this agent's to act in unless the policy shares agent tabs, and a task may act in the tabs
 * of the agent that started it. A write on a tab nobody holds claims it, into the agent's group.
 */
export async function admitAgentTab(
  agent: AgentIdentity | undefined,
  tabId: number,
  choice: TabChoice,
  claim: boolean,
  policy: Policy,
): Promise<void> {
  if (agent === undefined) return;
  const claimed = await withOwners((owners) => {
    const ownerId = owners.tabs[String(tabId)];
    if (ownerId === agent.id) return Promise.resolve({ value: false, changed: false });
    if (ownerId !== undefined) {
      if (policy.shareAgentTabs || ownerId === agent.parentId) return Promise.resolve({ value: false, changed: false });
      throw ownedByOther(tabId, owners.agents[ownerId]?.name ?? ownerId, choice);
    }
    if (!claim) return Promise.resolve({ value: false, changed: false });
    take(owners, agent, tabId);
    return Promise.resolve({ value: true, changed: true });
  });
  if (claimed) await settleClaim(agent, tabId);
}

/**
 * tabs_group and tab_group_update name tabs and a group by id, outside the gate's tabId
 * check: each tab, and the group, must be this agent's (or its parent's), or no one's,
 * unless the policy shares agent tabs. Otherwise one agent could pull another's tab into
 * its own group, or rename and collapse another agent's group.
 */
export async function admitAgentGrouping(
  agent: AgentIdentity | undefined,
  tabIds: readonly number[],
  groupId: number | undefined,
  policy: Policy,
): Promise<void> {
  if (agent === undefined || policy.shareAgentTabs) return;
  const owners = await readOwners();
  const othersOwn = (owner: string | undefined): owner is string => owner !== undefined && owner !== agent.id && owner !== agent.parentId;
  for (const tabId of tabIds) {
    const owner = owners.tabs[String(tabId)];
    if (othersOwn(owner)) throw ownedByOther(tabId, owners.agents[owner]?.name ?? owner, "explicit");
  }
  const groupOwner = groupId === undefined ? undefined : owners.groups[String(groupId)];
  if (othersOwn(groupOwner)) {
    throw new WebOperatorError(
      "tab_owned_by_other_agent",
      `Tab group ${groupId} is agent "${owners.agents[groupOwner]?.name ?? groupOwner}"'s. Group and rename your own tabs (tab_groups_list shows the groups), or ask the user to set shareAgentTabs in the policy.`,
    );
  }
}

/** A tab this agent's call created (tab_open, a click that opened a child tab) is this agent's. */
export async function claimNewTab(agent: AgentIdentity | undefined, tabId: number): Promise<void> {
  if (agent === undefined) return;
  const claimed = await withOwners((owners) => {
    if (owners.tabs[String(tabId)] !== undefined) return Promise.resolve({ value: false, changed: false });
    take(owners, agent, tabId);
    return Promise.resolve({ value: true, changed: true });
  });
  if (claimed) await settleClaim(agent, tabId);
}

/** The agent ended (its connection closed, its task finished): its tabs leave its group and belong to no one. */
export function releaseAgent(agentId: string): Promise<void> {
  return releaseWhere((id) => id === agentId);
}

/** A new bridge lists its live anonymous and task agents: any others were an earlier bridge's. */
export function releaseAllBut(liveIds: readonly string[]): Promise<void> {
  const live = new Set(liveIds);
  return readOwners().then((owners) => releaseWhere((id) => owners.agents[id]?.kind !== "named" && !live.has(id)));
}

export function forgetClosedTab(tabId: number): Promise<void> {
  return withOwners(async (owners) => {
    const known = String(tabId) in owners.tabs;
    delete owners.tabs[String(tabId)];
    if (known) await syncNetworkRules();
    return { value: undefined, changed: known };
  });
}

/** The agent id holding each tab (by tab id), for tabs_list. */
export async function tabOwnerIds(): Promise<Record<string, string>> {
  return { ...(await readOwners()).tabs };
}

function releaseWhere(matches: (agentId: string) => boolean): Promise<void> {
  return withOwners(async (owners) => {
    let changed = false;
    for (const [tab, owner] of Object.entries(owners.tabs)) {
      if (!matches(owner)) continue;
      delete owners.tabs[tab];
      changed = true;
      await ungroupTab(Number(tab));
    }
    for (const [group, owner] of Object.entries(owners.groups)) {
      if (matches(owner)) {
        delete owners.groups[group];
        changed = true;
      }
    }
    for (const id of Object.keys(owners.agents)) {
      if (matches(id)) {
        delete owners.agents[id];
        changed = true;
      }
    }
    if (changed) await syncNetworkRules();
    return { value: undefined, changed };
  });
}

/** The decision itself: quick, so the ownership chain is held only for it. */
function take(owners: OwnerState, agent: AgentIdentity, tabId: number): void {
  owners.tabs[String(tabId)] = agent.id;
  owners.agents[agent.id] = agent;
}

/** One agent's groupings run one at a time, so two tabs claimed at once share one new group. */
const groupings = new Map<string, Promise<void>>();

/**
 * After a claim, outside the ownership chain (other agents' claims need not wait): the tab
 * joins its agent's group, the network rules cover it before the claiming call lets the page
 * load anything, and the debugger attaches now, so the viewport its bar takes is gone before
 * the agent reads the page and stays so while the agent holds it (debuggerSession.ts). A tab
 * the debugger cannot attach to (DevTools open on it) is still claimed; a later CDP call says why.
 */
async function settleClaim(agent: AgentIdentity, tabId: number): Promise<void> {
  const grouping = (groupings.get(agent.id) ?? Promise.resolve()).then(async () => {
    const owners = await readOwners();
    const before = JSON.stringify(owners.groups);
    await groupForAgent(owners, agent, tabId);
    if (JSON.stringify(owners.groups) !== before) await withOwners(() => Promise.resolve({ value: undefined, changed: true }));
  });
  const settled = grouping.catch(() => undefined);
  groupings.set(agent.id, settled);
  void settled.then(() => {
    if (groupings.get(agent.id) === settled) groupings.delete(agent.id);
  });
  await Promise.all([settled, syncNetworkRules(), debuggerSession.attachForAgent(tabId).catch(() => undefined)]);
}

function ownedByOther(tabId: number, owner: string, choice: TabChoice): WebOperatorError {
  const next =
    choice === "explicit"
      ? "Act in your own tabs (tabs_list shows each tab's agent), open one with tab_open, or ask the user to set shareAgentTabs in the policy."
      : "You have no open tab of your own yet, and the visible tab is not yours: open one with tab_open, or pass the tabId of one of your tabs.";
  return new WebOperatorError("tab_owned_by_other_agent", `Tab ${tabId} belongs to agent "${owner}", in its tab group. ${next}`);
}
