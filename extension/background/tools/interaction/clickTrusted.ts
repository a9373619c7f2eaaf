import { defineTool } from "../../toolRegistry.js";
import { toolTab } from "../../tabResolver.js";
import { performClick } from "./clickAction.js";

export const clickTrustedTool = defineTool({
  name: "browser.click_trusted",
  async run(input, context) {
    const tab = await toolTab(input.tabId, context);
    const { input: _mode, ...result } = await performClick(tab, input, context, "trusted");
    return result;
  },
});
