import { defineTool } from "../../toolRegistry.js";
import { capList } from "./boundedText.js";
import { tabOwnerIds } from "../../agents/tabAdmission.js";
import { currentWindowId, hasTabId, summarizeTab } from "./tabSummary.js";

/**
 * Every tab in every window, in tab-strip order, and which one the user sees. The result has
 * no top-level tabId on purpose: listing tabs must not move this agent's default route.
 */
export const tabsListTool = defineTool({
  name: "browser.tabs_list",
  async run() {
    const [tabs, focusedWindowId, owners] = await Promise.all([chrome.tabs.query({}), currentWindowId(), tabOwnerIds()]);
    const summaries = tabs
      .filter(hasTabId)
      .sort((a, b) => a.windowId - b.windowId || a.index - b.index)
      .map((tab) => summarizeTab(tab, focusedWindowId, owners[String(tab.id)]));
    const visible = summaries.find((tab) => tab.active && tab.focusedWindow) ?? summaries.find((tab) => tab.active);
    const { items, truncated } = capList(summaries);
    return { tabs: items, visibleTabId: visible?.tabId ?? null, totalTabs: summaries.length, truncated };
  },
});
