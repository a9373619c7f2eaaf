import { defineTool } from "../toolRegistry.js";
import { toolTab } from "../tabResolver.js";
import { snapshotWithFallback } from "../deep/snapshotWithFallback.js";
import { outsideDialogs } from "../dialogs/outsideDialogs.js";
import { withEmulatedMedia } from "../cdp/emulatedMedia.js";

/** About 3,000 tokens (at about 4 characters a token): small enough to read on every turn. */
export const DEFAULT_SNAPSHOT_CHARS = 12_000;

export const snapshotTool = defineTool({
  name: "browser.snapshot",
  async run({ tabId, maxChars, elements, media }, context) {
    const tab = await toolTab(tabId, context);
    // DOM traversal first, the CDP accessibility tree when that is empty or fails.
    const { dialogsRecorded, ...snapshot } = await withEmulatedMedia(tab.id, media, () =>
      snapshotWithFallback(tab.id, maxChars ?? DEFAULT_SNAPSHOT_CHARS, { tab, elements, media, hops: context.hops }),
    );
    // The recorded dialogs are a main-world round trip of their own: only when a recorder
    // signalled one (dialogSignal.ts), or when nobody could tell (the CDP fallback).
    const dialogs = dialogsRecorded === false ? [] : await outsideDialogs(tab.id);
    return dialogs.length > 0 ? { ...snapshot, dialogs } : snapshot;
  },
});
