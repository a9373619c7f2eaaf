import { defineTool } from "../toolRegistry.js";
import { resolveTab } from "../tabResolver.js";
import { callContent } from "../contentClient.js";
import { withNavigationWatch } from "../navigationWatch.js";

export const clickTool = defineTool({
  name: "browser.click",
  level: "L1",
  effects: "write",
  async run({ ref, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    return withNavigationWatch(tab.id, async (watch) => {
      const { navigationStarted, ...clicked } = await callContent(tab.id, { op: "click", ref });
      await watch.settleAfterAction(context.deadline, { expectNavigation: navigationStarted, graceMs: 0 });
      const after = await chrome.tabs.get(tab.id);
      return { tabId: tab.id, ...clicked, url: after.url ?? "" };
    });
  },
});
