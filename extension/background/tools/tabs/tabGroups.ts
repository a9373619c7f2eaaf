import { WebOperatorError, type CommandResult } from "../../../../protocol/index.js";
import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { boundText, capList } from "./boundedText.js";
import { admitAgentGrouping } from "../../agents/tabAdmission.js";
import { policyStore } from "../../gatekeeper/policyStore.js";

type TabGroup = CommandResult<"browser.tab_groups_list">["groups"][number];

export const tabGroupsListTool = defineTool({
  name: "browser.tab_groups_list",
  async run() {
    const { items, truncated } = capList(await tabGroupsApi().query({}));
    return { groups: await Promise.all(items.map(describeGroup)), truncated };
  },
});

/** Puts explicit tabs into a new group, or into an existing one. Never activates a tab. */
export const tabsGroupTool = defineTool({
  name: "browser.tabs_group",
  async run({ tabIds, groupId }, context) {
    const api = tabGroupsApi();
    const tabs = await Promise.all(tabIds.map((tabId) => resolveTab(tabId, undefined)));
    if (groupId !== undefined) await getGroup(api, groupId);
    await admitAgentGrouping(context.agent, tabIds, groupId, await policyStore.current());
    for (const tab of tabs) await context.beforeDispatch(tab.id);
    const [first, ...rest] = tabs.map((tab) => tab.id);
    if (first === undefined) throw new WebOperatorError("bad_request", "tabs_group needs at least one tabId.");
    const ids: [number, ...number[]] = [first, ...rest];
    const grouped = await chrome.tabs.group(groupId === undefined ? { tabIds: ids } : { tabIds: ids, groupId }).catch((error: unknown) => {
      // Chrome refuses e.g. tabs of popup windows; its reason is the useful part.
      throw new WebOperatorError(
        "bad_request",
        `The browser would not group tabs ${ids.join(", ")}: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    return describeGroup(await getGroup(api, grouped));
  },
});

export const tabGroupUpdateTool = defineTool({
  name: "browser.tab_group_update",
  async run({ groupId, title, color, collapsed }, context) {
    const api = tabGroupsApi();
    await getGroup(api, groupId);
    await admitAgentGrouping(context.agent, [], groupId, await policyStore.current());
    const changes: chrome.tabGroups.UpdateProperties = {
      ...(title === undefined ? {} : { title }),
      ...(color === undefined ? {} : { color: color }),
      ...(collapsed === undefined ? {} : { collapsed }),
    };
    const updated = await api.update(groupId, changes);
    if (!updated) throw new WebOperatorError("not_found", `Tab group ${groupId} disappeared while it was being updated.`);
    return describeGroup(updated);
  },
});

/** Some Chromium builds and embedders ship without tab groups; say so instead of failing obscurely. */
function tabGroupsApi(): typeof chrome.tabGroups {
  if (typeof chrome.tabGroups?.query !== "function" || typeof chrome.tabs.group !== "function") {
    throw new WebOperatorError(
      "not_implemented",
      "This browser has no tab groups API (chrome.tabGroups); tab group tools cannot run here.",
    );
  }
  return chrome.tabGroups;
}

async function getGroup(api: typeof chrome.tabGroups, groupId: number): Promise<chrome.tabGroups.TabGroup> {
  try {
    return await api.get(groupId);
  } catch {
    throw new WebOperatorError(
      "not_found",
      `Tab group ${groupId} does not exist (closed or emptied?). Call tab_groups_list for current groupIds.`,
    );
  }
}

async function describeGroup(group: chrome.tabGroups.TabGroup): Promise<TabGroup> {
  const members = await chrome.tabs.query({ groupId: group.id });
  return {
    groupId: group.id,
    windowId: group.windowId,
    title: boundText(group.title),
    color: group.color,
    collapsed: group.collapsed,
    tabIds: members.sort((a, b) => a.index - b.index).flatMap((tab) => (tab.id === undefined ? [] : [tab.id])),
  };
}
