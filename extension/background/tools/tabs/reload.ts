import { WebOperatorError } from "../../../../protocol/index.js";
import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { withNavigationWatch } from "../../navigationWatch.js";
import { boundText } from "./boundedText.js";
import { tabUrl } from "./tabSummary.js";

/**
 * Chrome's own reload, not a navigation to the tab's URL as read back: that URL may be
 * shortened for reporting, and a URL with a fragment would only scroll.
 */
export const reloadTool = defineTool({
  name: "browser.reload",
  async run({ tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    await context.beforeDispatch(tab.id);
    await withNavigationWatch(tab.id, async (watch) => {
      await chrome.tabs.reload(tab.id);
      await watch.waitForLoad(context.deadline, "Reloading");
    });
    const now = await chrome.tabs.get(tab.id).catch(() => {
      throw new WebOperatorError("tab_not_found", `Tab ${tab.id} closed while reloading.`);
    });
    return { tabId: tab.id, url: tabUrl(now), title: boundText(now.title) };
  },
});
