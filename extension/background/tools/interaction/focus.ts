import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { callContent } from "../../contentClient.js";

/** Focus without a click: what a keyboard user does with Tab, and &body.browser's `focus` action. */
export const focusTool = defineTool({
  name: "browser.focus",
  async run({ ref, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const focused = await callContent(tab.id, { op: "focus", ref });
    return { tabId: tab.id, ref: focused.ref, target: focused.target, recovered: focused.recovered };
  },
});
