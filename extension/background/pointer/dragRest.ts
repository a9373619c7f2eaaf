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

/** How often a held native drag gets dragover where it rests; Chrome repeats it about this often. */
const HOVER_REPEAT_MS = 50;

/**
 * A native drag held at its target until the page settles: dragover every HOVER_REPEAT_MS on
 * the worker's timer (a hidden page gets no animation frames, so nothing waits for one), for
 * as long as the rest at the target lasts (restAtTarget: the page quiet, or its bound).
 */
export async function hoverUntilSettled(tabId: number, dragOver: () => Promise<void>): Promise<void> {
  let rested = false;
  const rest = restAtTarget(tabId).finally(() => {
    rested = true;
  });
  await dragOver();
  while (!rested) {
    await Promise.race([rest, new Promise((done) => setTimeout(done, HOVER_REPEAT_MS))]);
    if (!rested) await dragOver();
  }
}
