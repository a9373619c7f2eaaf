import { betaZodTool } from "@anthropic-ai/sdk/helpers/beta/zod";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { z } from "zod";
import { WatchUntilSchema } from "../../../../protocol/index.js";
import type { TaskContext } from "../../taskTypes.js";
import { toolUseKey } from "./toolUseKey.js";
import { scheduleResumeAt, watchOutcome, watchTimeoutMs } from "../timedWaitInput.js";

const WatchPageInputSchema = z.object({ text: z.string().min(1).max(1_000), until: WatchUntilSchema, timeout_seconds: z.number() });
const ScheduleResumeInputSchema = z.object({ at: z.string().optional(), after_seconds: z.number().optional() });

/**
 * The engine's waiting tools, offered to Claude beside the browser toolset: the task waits
 * in waiting_interaction for its page or for a time, with no model calls meanwhile. The
 * tool_use id names the wait, so after a bridge restart the resumed task waits on to the
 * deadline it first recorded.
 */
export function waitTools(task: TaskContext): BetaRunnableTool[] {
  const watchPage = betaZodTool({
    name: "watch_page",
    description:
      'Wait, without using turns, until the given text appears on (until: "appears") or goes from (until: "goes") your current tab\'s visible text, case-sensitive, for at most timeout_seconds (1 to 86400, within the task\'s time). Use it for what takes minutes: a build, a price change, a reply. The result says whether it happened; re-read the page after it.',
    inputSchema: WatchPageInputSchema,
    run: (input, context) =>
      task.step("watch_page", input, async () => {
        const outcome = await task.timedWait(toolUseKey(context), () => ({
          type: "watch",
          text: input.text,
          until: input.until,
          timeoutMs: watchTimeoutMs(input.timeout_seconds, task.timeLeftMs()),
        }));
        return watchOutcome(input.text, input.until, outcome);
      }),
  });
  const scheduleResume = betaZodTool({
    name: "schedule_resume",
    description:
      "Pause this task until a time, without using turns: `at` (an ISO 8601 time with its offset, e.g. 2026-12-02T09:30:00Z) or `after_seconds` (1 to 86400), within the task's time. The task goes on at that time, even across a restart of WebOperator.",
    inputSchema: ScheduleResumeInputSchema,
    run: (input, context) =>
      task.step("schedule_resume", input, async () => {
        const outcome = await task.timedWait(toolUseKey(context), () => ({
          type: "schedule",
          resumeAt: scheduleResumeAt(input, new Date(), task.timeLeftMs()),
        }));
        const resumedAt = "resumedAt" in outcome ? outcome.resumedAt : outcome.at;
        return { value: `The scheduled time came; the task went on at ${resumedAt}.`, summary: `went on at ${resumedAt}` };
      }),
  });
  return [watchPage, scheduleResume];
}
