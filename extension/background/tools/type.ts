import { defineTool } from "../toolRegistry.js";
import { resolveTab } from "../tabResolver.js";
import { callContent } from "../contentClient.js";
import { withNavigationWatch } from "../navigationWatch.js";
import { parseKeyChord } from "../keyDefinitions.js";
import { pressChord } from "../trustedKeyboard.js";

export const typeTool = defineTool({
  name: "browser.type",
  level: "L1",
  effects: "write",
  async run({ ref, text, mode, submit, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    return withNavigationWatch(tab.id, async (watch) => {
      const typed = await callContent(tab.id, { op: "type", ref, text, mode });
      // Submitting with a trusted Enter runs the page's own implicit-submission path.
      if (submit) await pressChord(tab.id, parseKeyChord("Enter"));
      await watch.settleAfterAction(context.deadline);
      return { tabId: tab.id, ...typed, submitted: submit };
    });
  },
});
