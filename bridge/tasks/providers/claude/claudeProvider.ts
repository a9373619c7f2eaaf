import Anthropic from "@anthropic-ai/sdk";
import type { BetaMessageParam } from "@anthropic-ai/sdk/resources/beta";
import { WebOperatorError } from "../../../../protocol/index.js";
import type { TaskContext, TaskProvider } from "../../taskTypes.js";
import { systemPrompt } from "./claudeSystemPrompt.js";
import { TaskBrowser } from "./taskBrowser.js";
import { WebOperatorToolset } from "./webOperatorToolset.js";
import { personAskTools } from "./personAskTools.js";
import { waitTools } from "./waitTools.js";
import { builtinTools } from "./builtinTools.js";
import { answerInterruptedCalls } from "./interruptedCalls.js";

export const DEFAULT_CLAUDE_MODEL = "claude-sonnet-5";
const MAX_TOKENS = 4_096;
/**
 * The toolset base class does not trim old screenshots and page reads: on long tasks the
 * API clears old tool uses server side once the prompt grows past 80k tokens, keeping the
 * last six (context management edits).
 */
const CONTEXT_MANAGEMENT = {
  edits: [
    {
      type: "clear_tool_uses_20250919" as const,
      trigger: { type: "input_tokens" as const, value: 80_000 },
      keep: { type: "tool_uses" as const, value: 6 },
    },
  ],
};

/**
 * Claude with `browser_toolset_20260801`, driven by the SDK's tool runner. The runner is
 * the loop; this class only starts it, records each turn, and keeps the conversation so
 * an interrupted task resumes where it was. `thread: false` sends the whole history each
 * turn, which is what lets the stored conversation be the source of truth.
 */
export class ClaudeProvider implements TaskProvider {
  constructor(private readonly config: { apiKey: string; baseURL: string | undefined }) {}

  async run(task: TaskContext): Promise<string> {
    const client = new Anthropic({
      apiKey: this.config.apiKey,
      ...(this.config.baseURL === undefined ? {} : { baseURL: this.config.baseURL }),
      maxRetries: 2,
    });
    const toolset = WebOperatorToolset.forTask(new TaskBrowser(task));
    const stored = Array.isArray(task.storedConversation) ? (task.storedConversation as BetaMessageParam[]) : null;
    const engineTools = [...personAskTools(task), ...waitTools(task), ...builtinTools(task)];
    const messages: BetaMessageParam[] =
      stored === null ? [{ role: "user", content: task.goal }] : await answerInterruptedCalls(stored, engineTools);
    const system = systemPrompt(task.attachments);
    const runner = client.beta.messages.toolRunner(
      {
        model: task.model,
        max_tokens: MAX_TOKENS,
        system,
        messages,
        tools: [toolset, ...engineTools],
        thread: false,
        max_iterations: task.options.maxSteps + 1,
        betas: ["context-management-2025-06-27"],
        context_management: CONTEXT_MANAGEMENT,
      },
      { signal: task.signal },
    );
    let answer: string | null = null;
    let turnStarted = Date.now();
    try {
      for await (const message of runner) {
        const sent = runner.params.messages;
        task.recordModelCall(
          { model: task.model, system, max_tokens: MAX_TOKENS, tools: [toolset.toJSON()], messages: sent },
          message,
          null,
          turnStarted,
        );
        task.addUsage(message.usage.input_tokens, message.usage.output_tokens);
        task.saveConversation([...sent, { role: "assistant", content: message.content }]);
        answer = message.content
          .flatMap((block) => (block.type === "text" ? [block.text] : []))
          .join("\n")
          .trim();
        turnStarted = Date.now();
      }
    } catch (error) {
      if (task.signal.aborted) throw task.signal.reason;
      if (error instanceof WebOperatorError) throw error;
      const failure =
        error instanceof Anthropic.APIError
          ? `HTTP ${error.status ?? "?"}: ${error.message}`
          : error instanceof Error
            ? error.message
            : String(error);
      task.recordModelCall({ model: task.model, messages: runner.params.messages }, null, failure, turnStarted);
      throw new WebOperatorError(
        "provider_error",
        `The Messages API failed: ${failure}. Check ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL and the model name, then tasks.resume or start again.`,
      );
    } finally {
      void toolset.close();
    }
    if (answer === null || answer.length === 0) throw new WebOperatorError("provider_error", "The model ended without an answer.");
    return answer;
  }
}
