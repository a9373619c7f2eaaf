import { WebOperatorError, waitsForPerson } from "../../protocol/index.js";
import type { AskOrWait, PersonAnswer, PersonAsk } from "./asksAndWaitsStore.js";
import type { TaskControl } from "./taskControl.js";
import type { TaskStore } from "./taskStore.js";
import type { PersonAskRequest, TaskStatusSetter } from "./taskTypes.js";

export interface PersonAskDeps {
  taskId: string;
  store: TaskStore;
  control: TaskControl;
  setStatus: TaskStatusSetter;
}

/**
 * Puts the ask to the person and waits in waiting_interaction until tasks.respond answers.
 * Stored under `key` (the provider's own name for it): asked again after a resume, it gets
 * the answer given meanwhile, or waits on the same ask. A step in the browser names the tab.
 */
export async function askPerson(deps: PersonAskDeps, request: PersonAskRequest, key: string, tabId: number | null): Promise<PersonAnswer> {
  const { request: ask, outcome: known } = deps.store.asksAndWaits.byKeyOrNew(deps.taskId, key, (base) =>
    request.type === "question" ? { ...base, ...request } : { ...base, ...request, tabId },
  );
  if (known !== null) return known as PersonAnswer;
  deps.setStatus("waiting_interaction", { interaction: ask });
  const answer = await deps.control.awaitPersonAnswer(ask.id);
  deps.control.throwIfEnded();
  if (answer === null) throw new WebOperatorError("invalid_state", "The task ended while it waited for the person.");
  deps.setStatus(deps.control.pauseRequested ? "paused" : "running");
  return answer;
}

/**
 * What tasks.respond gives what the task waits on: text for a question, done for a step in the
 * browser; else what to send instead. A timed wait waits for no person: it is refused.
 */
export function personAnswerTo(
  pending: AskOrWait,
  taskId: string,
  input: { text?: string | undefined; done?: boolean | undefined },
): PersonAnswer {
  if (!waitsForPerson(pending)) {
    const on =
      pending.type === "watch"
        ? `"${pending.text}" to ${pending.until === "appears" ? "appear on" : "go from"} its tab (until ${pending.deadline})`
        : `its scheduled time (${pending.resumeAt})`;
    throw new WebOperatorError("invalid_state", `Task ${taskId} waits for ${on}, not for the person; tasks.stop ends it.`);
  }
  const ask: PersonAsk = pending;
  if (ask.type === "question" && input.text === undefined) {
    throw new WebOperatorError("bad_request", `Task ${taskId} asks a question: answer it with {id, text}. Its question: ${ask.question}`);
  }
  if (ask.type === "user_action" && input.done === undefined) {
    throw new WebOperatorError(
      "bad_request",
      `Task ${taskId} waits for the person to do a step in the browser (${ask.action}): answer {id, done: true} once it is done, or done: false if it cannot be.`,
    );
  }
  return ask.type === "question" ? { text: input.text ?? "" } : { done: input.done === true };
}

/** Whether the live task waits for the person now: a confirmation, a question, or a step in the browser (a timed wait waits for no one). */
export function waitsOnPerson(store: TaskStore, taskId: string): boolean {
  const status = store.getTask(taskId)?.status;
  if (status === "waiting_confirmation") return true;
  const pending = status === "waiting_interaction" ? store.asksAndWaits.pending(taskId) : null;
  return pending !== null && waitsForPerson(pending);
}
