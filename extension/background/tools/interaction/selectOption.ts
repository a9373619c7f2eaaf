import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { callContent } from "../../contentClient.js";
import { runWriteAction } from "../../actions/writeAction.js";
import { actionLabel } from "../../actions/actionLabel.js";
import { showActionHighlight } from "../../visualization/actionOverlay.js";
import { looksLikeDeepRef } from "../../deep/deepRefFormat.js";
import { performDeepSelect } from "./deepFieldActions.js";

export const selectOptionTool = defineTool({
  name: "browser.select_option",
  async run({ ref, values, labels, tabId }, context) {
    if (looksLikeDeepRef(ref)) return performDeepSelect({ ref, values, labels, tabId }, context);
    const tab = await resolveTab(tabId, context.defaultTabId);
    const highlight = await callContent(tab.id, { op: "highlight", ref }).catch(() => null);
    showActionHighlight(tab, highlight?.box, actionLabel(context, "select"));
    const { value, effects } = await runWriteAction(tab.id, context, async () => ({
      value: await callContent(tab.id, { op: "select_option", ref, ...(values ? { values } : {}), ...(labels ? { labels } : {}) }),
    }));
    return { tabId: tab.id, ...value, ...effects };
  },
});
