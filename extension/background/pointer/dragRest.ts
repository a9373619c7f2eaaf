import { callContent } from "../contentClient.js";

/** The pointer rests at the target until the page has not changed for this long... */
const REST_QUIET_MS = 250;
/** ...or this long at most: a page that animates forever must not hold the button down. */
const REST_MAX_MS = 1_500;

/**
 * The pause at a pointer drag's target before the release. Sortables settle the drop slot
 * after the pointer stops (a timer after the last move, then an animation), and commit the
 * slot they have when the button comes up. The rest is timed on the page's own clock (a
 * dom_quiet wait in its content script), not the worker's: the page's settle timer was set
 * before ours, so it runs first even where Chrome delays a hidden page's timers, and each
 * change it makes extends the rest. A page without a content script rests on the worker's clock.
 */
export async function restAtTarget(tabId: number): Promise<void> {
  try {
    await callContent(tabId, { op: "dom_quiet", quietMs: REST_QUIET_MS, maxMs: REST_MAX_MS });
  } catch {
    await new Promise((done) => setTimeout(done, REST_QUIET_MS));
  }
}
