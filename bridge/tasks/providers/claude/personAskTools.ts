import { betaZodTool } from "@anthropic-ai/sdk/helpers/beta/zod";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { z } from "zod";
import { UserActionKindSchema } from "../../../../protocol/index.js";
import type { TaskContext } from "../../taskTypes.js";
import { toolUseKey } from "./toolUseKey.js";
import { personAskStep } from "../personAskStep.js";

const AskUserInputSchema = z.object({ question: z.string().min(1).max(2_000) });
const RequestUserActionInputSchema = z.object({ kind: UserActionKindSchema, instructions: z.string().min(1).max(2_000) });

/**
 * The engine's person-ask tools, offered to Claude beside the browser toolset as ordinary
 * tools. Each call is one step of the task, which waits in waiting_interaction until the
 * person answers (tasks.respond or the side panel). The tool_use id names the request, so a
 * task resumed after a bridge restart gets the answer given meanwhile instead of asking again.
 */
export function personAskTools(task: TaskContext): BetaRunnableTool[] {
  const askUser = betaZodTool({
    name: "ask_user",
    description:
      "Ask the person who gave you this task a question you cannot answer from the pages: a choice only they can make, or information you lack. The task waits for their answer, which is this tool's result. Never ask for passwords, card numbers or codes: use request_user_action.",
    inputSchema: AskUserInputSchema,
    run: (input, context) => personAskStep(task, "ask_user", { type: "question", question: input.question }, toolUseKey(context), input),
  });
  const requestUserAction = betaZodTool({
    name: "request_user_action",
    description:
      "Ask the person to do a step in the browser that you must not do yourself: sign in (credentials), pay (payment), enter a verification code, or pass a human verification such as a captcha (other: anything else only they may do). They do it in this task's tab; the result says only whether it was done, never what they typed.",
    inputSchema: RequestUserActionInputSchema,
    run: (input, context) =>
      personAskStep(
        task,
        "request_user_action",
        { type: "user_action", action: input.kind, instructions: input.instructions },
        toolUseKey(context),
        input,
      ),
  });
  return [askUser, requestUserAction];
}
