import { createHash } from "node:crypto";
import { z } from "zod";
import { UserActionKindSchema, type BrowserUseAction } from "../../../../protocol/index.js";
import type { TaskContext } from "../../taskTypes.js";
import { personAskStep } from "../personAskStep.js";

/**
 * The two actions a task's Browser-Use model has beyond the protocol's seven: the engine's
 * person-ask tools. They never reach the browser; the task waits in waiting_interaction
 * until the person answers, and the answer comes back with the next State Object.
 */
export const PersonAskActionSchema = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("ask_user"), question: z.string().min(1).max(2_000) }),
  z.strictObject({ action: z.literal("request_user_action"), kind: UserActionKindSchema, instructions: z.string().min(1).max(2_000) }),
]);
export type PersonAskAction = z.infer<typeof PersonAskActionSchema>;

/** What a task's model may answer with: one protocol action, or one person ask. */
export type TaskAction = BrowserUseAction | PersonAskAction;

export const PERSON_ASK_ACTION_NAMES = PersonAskActionSchema.options.map((option) => option.shape.action.value);

export function isPersonAsk(action: TaskAction): action is PersonAskAction {
  return action.action === "ask_user" || action.action === "request_user_action";
}

/**
 * Runs one person ask as a task step and answers the line the model reads next. The key is
 * the state and the request, so a resumed task whose model asks the same again gets the
 * answer the person gave meanwhile.
 */
export async function runPersonAsk(task: TaskContext, action: PersonAskAction, stateHash: string): Promise<string> {
  const key = `browser-use:${createHash("sha256")
    .update(JSON.stringify([stateHash, action]))
    .digest("hex")
    .slice(0, 32)}`;
  const request =
    action.action === "ask_user"
      ? { type: "question" as const, question: action.question }
      : { type: "user_action" as const, action: action.kind, instructions: action.instructions };
  return personAskStep(task, action.action, request, key, action);
}
