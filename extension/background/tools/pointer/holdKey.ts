import { WebOperatorError } from "../../../../protocol/index.js";
import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { withNavigationWatch } from "../../navigationWatch.js";
import { parseKeyChord } from "../../input/keyboardLayout.js";
import { chordDown, chordUp } from "../../input/keyboard.js";

/** Time the release and the reply still need after the hold, within the request's deadline. */
const RELEASE_MARGIN_MS = 1_000;

/**
 * Holds a key or chord down for durationMs, then releases it (Claude's hold_key): games,
 * press-and-hold buttons, shift held across a selection. One keydown, no auto-repeat.
 * The key is released even when the wait is cut short.
 */
export const holdKeyTool = defineTool({
  name: "browser.hold_key",
  async run({ key, durationMs, tabId }, context) {
    const chord = parseKeyChord(key);
    if (Date.now() + durationMs + RELEASE_MARGIN_MS > context.deadline) {
      throw new WebOperatorError(
        "bad_request",
        `Holding ${key} for ${durationMs} ms would outlast this request; send it with a larger timeoutMs.`,
      );
    }
    const tab = await resolveTab(tabId, context.defaultTabId);
    return withNavigationWatch(tab.id, async (watch) => {
      await context.beforeDispatch(tab.id);
      const pressedAt = Date.now();
      try {
        await chordDown(tab.id, chord);
        await sleep(durationMs, context.signal);
      } finally {
        await chordUp(tab.id, chord);
      }
      const heldMs = Date.now() - pressedAt;
      await watch.settleAfterAction(context.deadline);
      const after = await chrome.tabs.get(tab.id);
      return { tabId: tab.id, key, heldMs, url: after.url ?? "" };
    });
  },
});

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(finish, ms);
    signal.addEventListener("abort", finish, { once: true });
    function finish(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", finish);
      done();
    }
  });
}
