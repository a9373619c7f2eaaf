import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { performClick } from "./clickAction.js";

export const clickTrustedTool = defineTool({
  name: "browser.click_trusted",
  async run(input, context) {
    const tab = await resolveTab(input.tabId, context.defaultTabId);
    const { input: _mode, ...result } = await performClick(tab.id, input, context, "trusted");
    return result;
  },
});
