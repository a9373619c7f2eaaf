import type { PersonAskRequest, TaskContext } from "../taskTypes.js";
import { userActionResultText } from "./userActionText.js";

/**
 * One person ask as one task step, for either provider: the task waits for the person,
 * and the model gets their text, or only whether the browser step was done.
 */
export function personAskStep(
  task: TaskContext,
  action: "ask_user" | "request_user_action",
  request: PersonAskRequest,
  key: string,
  input: unknown,
): Promise<string> {
  return task.step(action, input, async () => {
    const answer = await task.askPerson(request, key);
    if (request.type === "question") {
      const text = "text" in answer ? answer.text : "";
      return { value: `The person answered: ${text}`, summary: `the person answered (${text.length} chars)` };
    }
    const done = "done" in answer && answer.done;
    return {
      value: userActionResultText(request.action, done),
      summary: done ? `the person did the ${request.action} step` : `the person did not do the ${request.action} step`,
    };
  });
}
