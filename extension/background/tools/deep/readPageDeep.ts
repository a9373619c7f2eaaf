import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { axSnapshot } from "../../deep/axSnapshot.js";

/** About 3,000 tokens (at about 4 characters a token): small enough to read on every turn. */
const DEFAULT_DEEP_CHARS = 12_000;

export const readPageDeepTool = defineTool({
  name: "browser.read_page_deep",
  async run({ tabId, maxChars, listeners }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const snapshot = await axSnapshot(tab.id, { maxChars: maxChars ?? DEFAULT_DEEP_CHARS, listeners });
    return { tabId: tab.id, ...snapshot };
  },
});
