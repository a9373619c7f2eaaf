import { WebOperatorError, type TaskInteraction } from "../../protocol/index.js";
import type { InteractionAnswer, TimedWaitOutcome } from "./interactionStore.js";

/** How often a watch looks at its tab: the bridge's own clock, so a background tab's throttled timers do not slow it. */
export const WATCH_POLL_MS = 1_000;

type WatchInteraction = Extract<TaskInteraction, { type: "watch" }>;
type ScheduleInteraction = Extract<TaskInteraction, { type: "schedule" }>;

/** Resolves after `ms`, or at once when the signal aborts (the caller checks why). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, Math.max(0, ms));
    signal.addEventListener("abort", done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

/** Sleeps until the schedule's time; a time that passed (while the bridge was down) goes on at once. */
export async function waitForSchedule(schedule: ScheduleInteraction, signal: AbortSignal): Promise<TimedWaitOutcome> {
  await sleep(Date.parse(schedule.resumeAt) - Date.now(), signal);
  return { resumedAt: new Date().toISOString() };
}

/**
 * Looks for the watch's text on its tab every WATCH_POLL_MS until it has appeared (or gone),
 * or the deadline passes. `present` answers whether the text is on the page now; a tab that
 * fails (closed, refused) ends the watch with that error.
 */
export async function watchPage(watch: WatchInteraction, present: () => Promise<boolean>, signal: AbortSignal): Promise<TimedWaitOutcome> {
  const deadline = Date.parse(watch.deadline);
  for (;;) {
    let matched: boolean;
    try {
      matched = (await present()) === (watch.until === "appears");
    } catch (error) {
      if (signal.aborted) return { matched: false, at: new Date().toISOString() };
      const failure = error instanceof WebOperatorError ? error : new WebOperatorError("internal_error", String(error));
      return { matched: false, at: new Date().toISOString(), error: { code: failure.code, message: failure.message } };
    }
    if (matched) return { matched: true, at: new Date().toISOString() };
    const left = deadline - Date.now();
    if (left <= 0 || signal.aborted) return { matched: false, at: new Date().toISOString() };
    await sleep(Math.min(WATCH_POLL_MS, left), signal);
  }
}

/** A stored answer read back as a timed wait's outcome (the key named a watch or a schedule before). */
export function timedOutcomeOf(answer: InteractionAnswer): TimedWaitOutcome {
  if ("matched" in answer || "resumedAt" in answer) return answer;
  throw new WebOperatorError("internal_error", "The stored answer under this call is not a watch's or a schedule's.");
}
