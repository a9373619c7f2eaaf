import { createHash } from "node:crypto";
import { z } from "zod";
import { UserActionKindSchema, type BrowserUseAction } from "../../../../protocol/index.js";
import type { TaskContext } from "../../taskTypes.js";
import { askPerson } from "../askPerson.js";

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
  const key = `browser-use:${createHash("sha256")
    .update(JSON.stringify([stateHash, action]))
    .digest("hex")
    .slice(0, 32)}`;
  const request =
    action.action === "ask_user"
      ? { type: "question" as const, question: action.question }
      : { type: "user_action" as const, action: action.kind, instructions: action.instructions };
  return askPerson(task, action.action, request, key, action);
}
