import { createHash } from "node:crypto";
import { z } from "zod";
import { UserActionKindSchema, type BrowserUseAction } from "../../../../protocol/index.js";
import type { TaskContext } from "../../taskTypes.js";
import { userActionResultText } from "../userActionText.js";

/**
 * The two actions a task's Browser-Use model has beyond the protocol's seven: the engine's
 * interaction tools. They never reach the browser; the task waits in waiting_interaction
 * until the person answers, and the answer comes back with the next State Object.
 */
export const InteractionActionSchema = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("ask_user"), question: z.string().min(1).max(2_000) }),
  z.strictObject({ action: z.literal("request_user_action"), kind: UserActionKindSchema, instructions: z.string().min(1).max(2_000) }),
]);
export type InteractionAction = z.infer<typeof InteractionActionSchema>;

/** What a task's model may answer with: one protocol action, or one interaction. */
export type TaskAction = BrowserUseAction | InteractionAction;

export const INTERACTION_ACTION_NAMES = InteractionActionSchema.options.map((option) => option.shape.action.value);

export function isInteraction(action: TaskAction): action is InteractionAction {
  return action.action === "ask_user" || action.action === "request_user_action";
}

/**
 * Runs one interaction as a task step and answers the line the model reads next. The key is
 * the state and the request, so a resumed task whose model asks the same again gets the
 * answer the person gave meanwhile.
 */
export async function runInteraction(task: TaskContext, action: InteractionAction, stateHash: string): Promise<string> {
  const key = `browser-use:${createHash("sha256").update(JSON.stringify([stateHash, action])).digest("hex").slice(0, 32)}`;
  return task.step(action.action, action, async () => {
    if (action.action === "ask_user") {
      const answer = await task.interact({ type: "question", question: action.question }, key);
      const text = "text" in answer ? answer.text : "";
      return { value: `The person answered your question: ${text}`, summary: `the person answered (${text.length} chars)` };
    }
    const answer = await task.interact({ type: "user_action", action: action.kind, instructions: action.instructions }, key);
    const done = "done" in answer && answer.done;
    return { value: userActionResultText(action.kind, done), summary: done ? `the person did the ${action.kind} step` : `the person did not do the ${action.kind} step` };
  });
}
