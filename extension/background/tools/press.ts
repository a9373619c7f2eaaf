import { defineTool } from "../toolRegistry.js";
import { resolveTab } from "../tabResolver.js";
import { callContent } from "../contentClient.js";
import { withNavigationWatch } from "../navigationWatch.js";
import { parseKeyChord } from "../keyDefinitions.js";
import { pressChord } from "../trustedKeyboard.js";

export const pressTool = defineTool({
  name: "browser.press",
  level: "L2",
  effects: "write",
  async run({ key, ref, tabId }, context) {
    const chord = parseKeyChord(key);
    const tab = await resolveTab(tabId, context.defaultTabId);
    return withNavigationWatch(tab.id, async (watch) => {
      if (ref !== undefined) await callContent(tab.id, { op: "focus", ref });
      await pressChord(tab.id, chord);
      await watch.settleAfterAction(context.deadline);
      const after = await chrome.tabs.get(tab.id);
      return { tabId: tab.id, key, url: after.url ?? "" };
    });
  },
});
