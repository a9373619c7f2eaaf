import { defineTool } from "../toolRegistry.js";
import { resolveTab } from "../tabResolver.js";
import { callContent } from "../contentClient.js";

export const scrollTool = defineTool({
  name: "browser.scroll",
  async run({ direction, amount, ref, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const scrolled = await callContent(tab.id, {
      op: "scroll",
      direction,
      ...(amount === undefined ? {} : { amount }),
      ...(ref === undefined ? {} : { ref }),
    });
    return { tabId: tab.id, ...scrolled };
  },
});
