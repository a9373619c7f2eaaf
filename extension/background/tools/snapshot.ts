import { defineTool } from "../toolRegistry.js";
import { toolTab } from "../tabResolver.js";
import { snapshotWithFallback } from "../deep/snapshotWithFallback.js";
import { outsideDialogs } from "../dialogs/outsideDialogs.js";

/** About 3,000 tokens, the seed's default budget (§1.3). */
export const DEFAULT_SNAPSHOT_CHARS = 12_000;

export const snapshotTool = defineTool({
  name: "browser.snapshot",
  async run({ tabId, maxChars, elements }, context) {
    const tab = await toolTab(tabId, context);
    // Seed §1.4: DOM traversal first, the CDP accessibility tree when that is empty or fails.
    // In parallel: collecting recorded dialogs is a separate main-world round trip.
    const [snapshot, dialogs] = await Promise.all([snapshotWithFallback(tab.id, maxChars ?? DEFAULT_SNAPSHOT_CHARS, { tab, elements }), outsideDialogs(tab.id)]);
    return dialogs.length > 0 ? { ...snapshot, dialogs } : snapshot;
  },
});
