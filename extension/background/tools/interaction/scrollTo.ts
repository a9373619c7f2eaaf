import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { callContent } from "../../contentClient.js";

export const scrollToTool = defineTool({
  name: "browser.scroll_to",
  async run({ ref, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    return { tabId: tab.id, ...(await callContent(tab.id, { op: "scroll_to", ref })) };
  },
});
