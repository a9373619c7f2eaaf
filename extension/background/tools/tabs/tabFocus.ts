import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { boundText } from "./boundedText.js";
import { tabUrl } from "./tabSummary.js";

/** The only tool that changes what the user sees: activates the tab and raises its window. */
export const tabFocusTool = defineTool({
  name: "browser.tab_focus",
  async run({ tabId }, context) {
    const tab = await resolveTab(tabId, undefined);
    await context.beforeDispatch(tab.id);
    await chrome.tabs.update(tab.id, { active: true });
    await chrome.windows.update(tab.windowId, { focused: true });
    const focused = await chrome.tabs.get(tab.id);
    return { tabId: tab.id, windowId: focused.windowId, url: tabUrl(focused), title: boundText(focused.title) };
  },
});
