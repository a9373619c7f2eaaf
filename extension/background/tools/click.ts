import { defineTool } from "../toolRegistry.js";
import { toolTab } from "../tabResolver.js";
import { needsTrustedInput, performClick } from "./interaction/clickAction.js";
import { performDeepClick } from "./interaction/deepClickAction.js";
import { looksLikeDeepRef } from "../deep/deepRefFormat.js";

export const clickTool = defineTool({
  name: "browser.click",
  async run(input, context) {
    if (looksLikeDeepRef(input.ref)) return performDeepClick(input, context);
    const tab = await toolTab(input.tabId, context);
    return performClick(tab, input, context, needsTrustedInput(input) ? "trusted" : "synthetic");
  },
});
