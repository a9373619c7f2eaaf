import { WebOperatorError, waitsForPerson } from "../../protocol/index.js";
import type { AskOrWait, AskOrWaitOutcome, TimedWaitOutcome } from "./asksAndWaitsStore.js";
import type { TaskControl } from "./taskControl.js";
import type { TaskRow } from "./taskRows.js";
import type { TaskStore } from "./taskStore.js";
import type { TaskStatusSetter, TimedWaitRequest, ToolCaller } from "./taskTypes.js";

/** How often a watch looks at its tab: the bridge's own clock, so a background tab's throttled timers do not slow it. */
export const WATCH_POLL_MS = 1_000;

type Watch = Extract<AskOrWait, { type: "watch" }>;
type Schedule = Extract<AskOrWait, { type: "schedule" }>;

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
export async function waitForSchedule(schedule: Schedule, signal: AbortSignal): Promise<TimedWaitOutcome> {
  await sleep(Date.parse(schedule.resumeAt) - Date.now(), signal);
  return { resumedAt: new Date().toISOString() };
}

/**
 * Looks for the watch's text on its tab every WATCH_POLL_MS until it has appeared (or gone),
 * or the deadline passes. `present` answers whether the text is on the page now; a tab that
 * fails (closed, refused) ends the watch with that error.
 */
export async function watchPage(watch: Watch, present: () => Promise<boolean>, signal: AbortSignal): Promise<TimedWaitOutcome> {
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
function timedOutcomeOf(answer: AskOrWaitOutcome): TimedWaitOutcome {
  if ("matched" in answer || "resumedAt" in answer) return answer;
  throw new WebOperatorError("internal_error", "The stored answer under this call is not a watch's or a schedule's.");
}

export interface TimedWaitDeps {
  taskId: string;
  store: TaskStore;
  control: TaskControl;
  callTool: ToolCaller;
  setStatus: TaskStatusSetter;
}

/**
 * Waits in waiting_interaction for the page (watch) or the clock (schedule). Stored under
 * `key` as a person ask is: after a bridge restart the same key waits on to the deadline first
 * recorded, or gets the stored outcome. `requested` runs (and may refuse the input) only when
 * nothing is stored under the key yet: a time that passed while the bridge was down is no error.
 */
export async function timedWait(
  deps: TimedWaitDeps,
  key: string,
  requested: () => TimedWaitRequest,
  activeTab: () => number,
): Promise<TimedWaitOutcome> {
  const { control } = deps;
  const { request: wait, outcome: known } = deps.store.asksAndWaits.byKeyOrNew(deps.taskId, key, (base) => {
    const request = requested();
    return request.type === "watch"
      ? {
          ...base,
          type: "watch",
          text: request.text,
          until: request.until,
          tabId: activeTab(),
          deadline: new Date(Date.now() + request.timeoutMs).toISOString(),
        }
      : { ...base, type: "schedule", resumeAt: request.resumeAt.toISOString() };
  });
  if (known !== null) return timedOutcomeOf(known);
  deps.setStatus("waiting_interaction", { interaction: wait });
  let outcome: TimedWaitOutcome;
  if (wait.type === "watch") {
    const payload = {
      tabId: wait.tabId,
      ...(wait.until === "appears" ? { text: wait.text } : { textGone: wait.text }),
      timeMs: 1,
    };
    outcome = await watchPage(wait, () => textShows(deps.callTool, payload, wait.until === "appears"), control.abort.signal);
  } else if (wait.type === "schedule") {
    outcome = await waitForSchedule(wait, control.abort.signal);
  } else {
    throw new WebOperatorError("internal_error", `The request stored under this call is a ${wait.type}, not a watch or a schedule.`);
  }
  control.throwIfEnded();
  deps.store.asksAndWaits.settle(wait.id, outcome, new Date().toISOString());
  deps.setStatus(control.pauseRequested ? "paused" : "running");
  return outcome;
}

/**
 * Whether the watched text is on the tab now: one wait_for that looks once (timeMs 1), on
 * the same gated path as the task's other calls. A gone extension is a look that missed.
 */
async function textShows(callTool: ToolCaller, payload: Record<string, unknown>, appears: boolean): Promise<boolean> {
  try {
    await callTool("browser.wait_for", payload);
    return appears;
  } catch (error) {
    if (error instanceof WebOperatorError && (error.code === "timeout" || error.code === "extension_disconnected")) return !appears;
    throw error;
  }
}

/** The interrupted tasks a bridge left waiting on a watch or a schedule: they go on waiting without tasks.resume. */
export function interruptedTimedWaits(store: TaskStore): TaskRow[] {
  return store.listTasks(["interrupted"], 500).filter((row) => {
    const pending = store.asksAndWaits.pending(row.id);
    return pending !== null && !waitsForPerson(pending);
  });
}
