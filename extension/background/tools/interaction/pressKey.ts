import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { performKeyPress } from "./keyPress.js";

export const pressKeyTool = defineTool({
  name: "browser.press_key",
  level: "L2",
  effects: "write",
  async run({ key, ref, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    return performKeyPress(tab.id, key, ref, context);
  },
});
