import { defineTool } from "../toolRegistry.js";
import { resolveTab } from "../tabResolver.js";
import { performKeyPress } from "./interaction/keyPress.js";

export const pressTool = defineTool({
  name: "browser.press",
  async run({ key, ref, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    return performKeyPress(tab.id, key, ref, context);
  },
});
