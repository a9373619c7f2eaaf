import { defineTool } from "../toolRegistry.js";
import { resolveTab } from "../tabResolver.js";
import { performKeyPress } from "./interaction/keyPress.js";
import { performDeepKeyPress } from "./interaction/deepFieldActions.js";
import { looksLikeDeepRef } from "../deep/deepRefFormat.js";

export const pressTool = defineTool({
  name: "browser.press",
  async run({ key, ref, tabId }, context) {
    if (ref !== undefined && looksLikeDeepRef(ref))
      return performDeepKeyPress({ ref, key, ...(tabId === undefined ? {} : { tabId }) }, context);
    const tab = await resolveTab(tabId, context.defaultTabId);
    return performKeyPress(tab.id, key, ref, context);
  },
});
