import { WebOperatorError, type WatchUntil } from "../../../protocol/index.js";
import type { TimedWaitOutcome } from "../asksAndWaitsStore.js";
import type { StepOutcome } from "../taskTypes.js";

/** The longest a watch or a schedule may wait: a day, as tasks.start's timeoutMs allows. */
export const MAX_WAIT_SECONDS = 86_400;

function fitsTask(waitMs: number, timeLeftMs: number, what: string): void {
  if (waitMs > timeLeftMs) {
    throw new WebOperatorError(
      "bad_request",
      `${what} is past the end of this task's time (${Math.floor(timeLeftMs / 1000)} s left of its timeoutMs), which would end it as timed_out. Wait less, or start the task with a larger timeoutMs.`,
    );
  }
}

/** watch_page's bound in ms: 1 to MAX_WAIT_SECONDS seconds, within what is left of the task. */
export function watchTimeoutMs(seconds: number, timeLeftMs: number): number {
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > MAX_WAIT_SECONDS) {
    throw new WebOperatorError("bad_request", `timeout_seconds is ${seconds}; give 1 to ${MAX_WAIT_SECONDS} seconds.`);
  }
  fitsTask(seconds * 1000, timeLeftMs, `A watch of ${seconds} s`);
  return Math.round(seconds * 1000);
}

/** schedule_resume's time: exactly one of `at` (ISO 8601 with an offset, in the future) and `after_seconds`, within a day and the task's time. */
export function scheduleResumeAt(
  input: { at?: string | undefined; after_seconds?: number | undefined },
  now: Date,
  timeLeftMs: number,
): Date {
  if ((input.at === undefined) === (input.after_seconds === undefined)) {
    throw new WebOperatorError(
      "bad_request",
      "Give schedule_resume either at (an ISO 8601 time) or after_seconds, not both and not neither.",
    );
  }
  let resumeAt: Date;
  if (input.after_seconds !== undefined) {
    const seconds = input.after_seconds;
    if (!Number.isFinite(seconds) || seconds < 1 || seconds > MAX_WAIT_SECONDS)
      throw new WebOperatorError("bad_request", `after_seconds is ${seconds}; give 1 to ${MAX_WAIT_SECONDS}.`);
    resumeAt = new Date(now.getTime() + seconds * 1000);
  } else {
    const at = input.at ?? "";
    // An offset is required: a bare local time means different instants to the model and to the bridge.
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(at) || Number.isNaN(Date.parse(at))) {
      throw new WebOperatorError("bad_request", `at "${at}" is not an ISO 8601 time with an offset; write it like 2026-12-02T09:30:00Z.`);
    }
    resumeAt = new Date(Date.parse(at));
    if (resumeAt.getTime() <= now.getTime())
      throw new WebOperatorError(
        "bad_request",
        `at ${at} has already passed (it is ${now.toISOString()}); give a later time, or go on now.`,
      );
    if (resumeAt.getTime() - now.getTime() > MAX_WAIT_SECONDS * 1000)
      throw new WebOperatorError("bad_request", `at ${at} is more than a day away; schedule at most ${MAX_WAIT_SECONDS} s ahead.`);
  }
  fitsTask(resumeAt.getTime() - now.getTime(), timeLeftMs, `Resuming at ${resumeAt.toISOString()}`);
  return resumeAt;
}

/** What the model reads when a watch ends; a watch whose tab failed is that failure. */
export function watchOutcome(text: string, until: WatchUntil, outcome: TimedWaitOutcome): StepOutcome<string> {
  if ("resumedAt" in outcome) throw new WebOperatorError("internal_error", "The stored outcome of this watch_page call is a schedule's.");
  if (outcome.error !== undefined) throw new WebOperatorError(outcome.error.code, `The watch stopped: ${outcome.error.message}`);
  const what = `"${text}" ${until === "appears" ? "appeared on" : "went from"} the page`;
  return outcome.matched
    ? {
        value: `${what} (seen at ${outcome.at}). Read the page again before acting on it.`,
        summary: `${until === "appears" ? "appeared" : "went"} at ${outcome.at}`,
      }
    : {
        value: `The watch's time ran out at ${outcome.at}: "${text}" never ${until === "appears" ? "appeared" : "went"}. The page may have changed otherwise; read it before going on.`,
        summary: "the watch's time ran out",
      };
}
