import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { callContent } from "../../contentClient.js";
import { DEFAULT_SNAPSHOT_CHARS } from "../snapshot.js";

/** browser.read_page: browser.snapshot's engine and refs, narrowed by mode, depth, ref and the viewport. */
export const readPageTool = defineTool({
  name: "browser.read_page",
  async run({ tabId, mode, depth, ref, viewportOnly, maxChars }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const view = await callContent(tab.id, {
      op: "read_page",
      mode,
      maxChars: maxChars ?? DEFAULT_SNAPSHOT_CHARS,
      ...(depth === undefined ? {} : { depth }),
      ...(ref === undefined ? {} : { ref }),
      ...(viewportOnly ? { viewportOnly } : {}),
    });
    return { tabId: tab.id, ...view };
  },
});
