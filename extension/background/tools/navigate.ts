import { WebOperatorError } from "../../../protocol/index.js";
import { defineTool } from "../toolRegistry.js";
import { toolTab } from "../tabResolver.js";
import { withNavigationWatch } from "../navigationWatch.js";
import { adoptAgentTab } from "../dialogs/outsideDialogs.js";
import { parseHttpUrl, shortenUrl } from "../httpUrl.js";

export const navigateTool = defineTool({
  name: "browser.navigate",
  async run({ url, tabId }, context) {
    const target = parseHttpUrl(url);
    const tab = await toolTab(tabId, context);
    return withNavigationWatch(
      tab.id,
      async (watch) => {
        await context.beforeDispatch(tab.id);
        // The agent now drives this tab: its next documents answer their own dialogs (outsideDialogs.ts).
        await adoptAgentTab(tab.id);
        await watch.rememberCurrentDocument();
        // Chrome rejects the update of a tab that is closing or crashed; that is no internal error.
        await chrome.tabs.update(tab.id, { url: target.href }).catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          throw new WebOperatorError(
            "navigation_failed",
            `Chrome refused to navigate tab ${tab.id} (${reason}); it may be closing. List tabs and retry with a live tabId.`,
          );
        });
        // Answers at DOMContentLoaded: subresources that never arrive must not hold the agent.
        const { loading } = await watch.waitForInteractive(context.deadline, `Navigation to ${shortenUrl(target.href)}`);
        const loaded = await chrome.tabs.get(tab.id);
        return { tabId: tab.id, url: loaded.url ?? target.href, title: loaded.title ?? "", loading };
      },
      target.href,
    );
  },
});
