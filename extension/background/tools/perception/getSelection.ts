import { SELECTION_MAX_CHARS } from "../../../../protocol/tools/perceptionTools.js";
import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { callContent } from "../../contentClient.js";
import { untrustedSource } from "./untrustedSource.js";

export const getSelectionTool = defineTool({
  name: "browser.get_selection",
  async run({ tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const selection = await callContent(tab.id, { op: "selection", maxChars: SELECTION_MAX_CHARS });
    return { tabId: tab.id, ...selection, untrusted: untrustedSource(tab.id, selection.url) };
  },
});
