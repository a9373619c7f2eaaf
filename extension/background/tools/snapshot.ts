import { defineTool } from "../toolRegistry.js";
import { resolveTab } from "../tabResolver.js";
import { callContent } from "../contentClient.js";

/** About 3,000 tokens, the seed's default budget (§1.3). */
export const DEFAULT_SNAPSHOT_CHARS = 12_000;

export const snapshotTool = defineTool({
  name: "browser.snapshot",
  level: "L1",
  effects: "read",
  async run({ tabId, maxChars }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const snapshot = await callContent(tab.id, { op: "snapshot", maxChars: maxChars ?? DEFAULT_SNAPSHOT_CHARS });
    return { tabId: tab.id, ...snapshot };
  },
});
