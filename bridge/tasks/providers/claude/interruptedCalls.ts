import type { BetaMessageParam, BetaToolResultBlockParam } from "@anthropic-ai/sdk/resources/beta";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";

const INTERRUPTED_CALL =
  "The bridge restarted while this call ran, so whether it took effect is unknown. Re-read the page before acting again, and do not repeat a submit, send or payment without checking it did not already happen.";

interface StoredToolUse {
  type: "tool_use";
  id: string;
  name: string;
  input: unknown;
  toolset_name?: string;
}

function toolUsesOf(message: BetaMessageParam | undefined): StoredToolUse[] {
  if (message?.role !== "assistant" || !Array.isArray(message.content)) return [];
  return message.content.flatMap((block) => (block.type === "tool_use" ? [block as unknown as StoredToolUse] : []));
}

/**
 * A stored conversation the task was interrupted in the middle of: its last turn called
 * tools that never answered, and the API takes no new turn until they do. The engine's own
 * tools (ask_user, request_user_action) are run again: their request is stored under the
 * tool_use id, so they answer with what the person said meanwhile, or wait for it. A
 * browser call is not repeated (it may have clicked already); it answers an error that says so.
 */
export async function answerInterruptedCalls(
  messages: BetaMessageParam[],
  engineTools: readonly BetaRunnableTool[],
): Promise<BetaMessageParam[]> {
  const calls = toolUsesOf(messages.at(-1));
  if (calls.length === 0) return messages;
  const results: BetaToolResultBlockParam[] = [];
  for (const call of calls) {
    const tool = engineTools.find((candidate) => candidate.name === call.name);
    if (tool !== undefined && call.toolset_name === undefined) {
      const toolUse = { type: "tool_use" as const, id: call.id, name: call.name, input: call.input };
      const content = await tool.run(tool.parse(call.input), { toolUse, toolUseBlock: toolUse });
      results.push({ type: "tool_result", tool_use_id: call.id, content });
    } else {
      results.push({
        type: "tool_result",
        tool_use_id: call.id,
        is_error: true,
        content: [{ type: "text", text: INTERRUPTED_CALL }],
        ...(call.toolset_name === undefined ? {} : { toolset_name: call.toolset_name }),
      });
    }
  }
  return [...messages, { role: "user", content: results }];
}
