import { WebOperatorError } from "../../../../protocol/index.js";
import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";

/**
 * Closes one explicitly named tab. The result says `closedTabId`, not `tabId`, so the bridge
 * does not keep a closed tab as this agent's default route.
 */
export const tabCloseTool = defineTool({
  name: "browser.tab_close",
  async run({ tabId }, context) {
    const tab = await resolveTab(tabId, undefined);
    // Closing the browser's last tab quits the browser, and with it the bridge this agent talks to.
    const others = await chrome.tabs.query({});
    if (others.every((other) => other.id === tab.id)) {
      throw new WebOperatorError(
        "bad_request",
        `Tab ${tab.id} is the browser's last tab; closing it would quit the browser and end this session. Open another tab first (tab_open).`,
      );
    }
    await context.beforeDispatch(tab.id);
    await chrome.tabs.remove(tab.id);
    return { closed: true as const, closedTabId: tab.id };
  },
});
