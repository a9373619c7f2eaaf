import type { ContentResult } from "../../../protocol/contentReplies.js";
import { lastChangeAfter } from "./mutationClock.js";

/**
 * Resolves once the DOM has not changed for quietMs, or by maxMs with quiet: false.
 * A page that never stops mutating (a ticking clock) cannot hold an action forever.
 *
 * `after` (epoch ms, when a write's input was dispatched): both periods count from then,
 * not from this call, and a change since then counts as if seen here. Without a mutation
 * watch running since then (watchMutations), they count from now.
 */
export function waitForDomQuiet(quietMs: number, maxMs: number, after?: number): Promise<ContentResult<"dom_quiet">> {
  const started = performance.now();
  const startedAt = Date.now();
  const earlier = after === undefined ? undefined : lastChangeAfter(after);
  const from = after !== undefined && earlier !== undefined ? Math.min(after, startedAt) : startedAt;
  const hardStopAt = from + maxMs;
  return new Promise((resolve) => {
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    const finish = (quiet: boolean): void => {
      observer.disconnect();
      clearTimeout(quietTimer);
      resolve({ quiet, waitedMs: Math.round(performance.now() - started) });
    };
    const changedAt = (at: number): void => {
      clearTimeout(quietTimer);
      const quietAt = at + quietMs;
      // Quiet can no longer come before the hard stop: say so now instead of waiting it out.
      if (quietAt > hardStopAt) {
        finish(false);
        return;
      }
      quietTimer = setTimeout(() => finish(true), Math.max(0, quietAt - Date.now()));
    };
    const observer = new MutationObserver(() => changedAt(Date.now()));
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    changedAt(Math.max(from, earlier ?? from));
  });
}
