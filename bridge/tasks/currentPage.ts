import { COMMANDS, WebOperatorError, type CommandResult } from "../../protocol/index.js";
import type { AgentRegistry } from "../agents/agentRegistry.js";
import type { ExtensionLink } from "../extensionLink.js";

type TabsList = CommandResult<"browser.tabs_list">;

const TABS_LIST_TIMEOUT_MS = 10_000;

/**
 * The page a task started with neither startUrl nor tabId works on: the starting agent's last
 * tab while it is open and no other agent holds it, else the visible tab when nobody (or the
 * starter) holds it. The task's agent may act in its starter's tabs, so either is usable.
 * null when no window shows a tab: the task then opens one of its own.
 */
export function currentPageOf(
  tabs: TabsList,
  starterId: string | null,
  lastTabId: number | null,
  nameOf: (agentId: string) => string = (agentId) => agentId,
): number | null {
  const usable = (tabId: number | null): boolean => {
    const tab = tabs.tabs.find((candidate) => candidate.tabId === tabId);
    return tab !== undefined && (tab.agent === undefined || tab.agent === starterId);
  };
  if (usable(lastTabId)) return lastTabId;
  const visible = tabs.visibleTabId;
  if (visible === null) return null;
  const holder = tabs.tabs.find((tab) => tab.tabId === visible)?.agent;
  if (holder !== undefined && holder !== starterId) {
    throw new WebOperatorError(
      "tab_owned_by_other_agent",
      `The visible tab ${visible} is agent "${nameOf(holder)}"'s, and a task never acts in another agent's tab. Give startUrl (the task opens a tab of its own there) or tabId of a tab you hold.`,
    );
  }
  return visible;
}

/** currentPageOf with the extension's tab list and the starting agent's route, as tasks.start needs it. */
export function currentPageFinder(
  extension: ExtensionLink,
  agents: AgentRegistry,
): (starterId: string | undefined) => Promise<number | null> {
  return async (starterId) => {
    const tabs = COMMANDS["browser.tabs_list"].result.parse(
      await extension.call({ type: "browser.tabs_list", payload: {}, timeoutMs: TABS_LIST_TIMEOUT_MS }),
    );
    const known = agents.list();
    const lastTabId = known.find((agent) => agent.id === starterId)?.lastTabId ?? null;
    return currentPageOf(tabs, starterId ?? null, lastTabId, (agentId) => known.find((agent) => agent.id === agentId)?.name ?? agentId);
  };
}
