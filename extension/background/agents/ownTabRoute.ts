import type { AgentIdentity } from "../../../protocol/index.js";
import type { Policy } from "../../../protocol/tools/gatekeeperTools.js";
import { getTab, openTab, resolveTab, visibleTab, type ResolvedTab } from "../tabResolver.js";
import { readOwners } from "./tabOwners.js";

export interface OwnTabRoute {
  tab: ResolvedTab;
  /** True when the route opened this tab: the caller closes it if the call is then refused. */
  opened: boolean;
}

/**
 * The route of a command that may open a tab of its own (navigate) and names no tabId.
 * The agent's own tab if it is open; else the visible tab when nobody else holds it; else
 * a new background tab in the visible tab's window, which the gate then makes the agent's.
 * So a newcomer's first navigate works while another agent holds the visible tab, and an
 * agent whose tab closed never lands in somebody else's.
 */
export async function ownTabRoute(
  agent: AgentIdentity | undefined,
  defaultTabId: number | undefined,
  policy: Policy,
): Promise<OwnTabRoute> {
  if (agent === undefined) return { tab: await resolveTab(undefined, defaultTabId), opened: false };
  if (defaultTabId !== undefined) {
    const own = await getTab(defaultTabId);
    if (own !== null) return { tab: own, opened: false };
  }
  const visible = await visibleTab();
  if (visible !== null && defaultTabId === undefined && !(await heldByAnother(agent, visible.id, policy)))
    return { tab: visible, opened: false };
  return { tab: await openTab({ active: visible === null, ...(visible === null ? {} : { windowId: visible.windowId }) }), opened: true };
}

async function heldByAnother(agent: AgentIdentity, tabId: number, policy: Policy): Promise<boolean> {
  if (policy.shareAgentTabs) return false;
  const owner = (await readOwners()).tabs[String(tabId)];
  return owner !== undefined && owner !== agent.id && owner !== agent.parentId;
}
