import { WebOperatorError } from "../../../protocol/index.js";
import { defineTool } from "../toolRegistry.js";
import { resolveTab } from "../tabResolver.js";
import { withNavigationWatch } from "../navigationWatch.js";
import { adoptAgentTab } from "../dialogs/outsideDialogs.js";
import { parseHttpUrl, shortenUrl } from "../httpUrl.js";

export const navigateTool = defineTool({
  name: "browser.navigate",
  async run({ url, tabId }, context) {
    const target = parseHttpUrl(url);
    const tab = await resolveTab(tabId, context.defaultTabId);
    return withNavigationWatch(tab.id, async (watch) => {
      await context.beforeDispatch(tab.id);
      // The agent now drives this tab: its next documents answer their own dialogs (outsideDialogs.ts).
      await adoptAgentTab(tab.id);
      // Chrome rejects the update of a tab that is closing or crashed; that is no internal error.
      await chrome.tabs.update(tab.id, { url: target.href }).catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        throw new WebOperatorError("navigation_failed", `Chrome refused to navigate tab ${tab.id} (${reason}); it may be closing. List tabs and retry with a live tabId.`);
      });
      await watch.waitForLoad(context.deadline, `Navigation to ${shortenUrl(target.href)}`);
      const loaded = await chrome.tabs.get(tab.id);
      return { tabId: tab.id, url: loaded.url ?? target.href, title: loaded.title ?? "" };
    });
  },
});
