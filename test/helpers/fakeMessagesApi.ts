import type { RecordedRequest, ScriptedTurn } from "../../scripts/mcp/fakeMessagesApi.js";

// The server lives with the scripts, so `npm run bench:host` drives Claude Code against the same fake.
export { startFakeMessagesApi, type FakeMessagesApi, type RecordedRequest, type ScriptedTurn } from "../../scripts/mcp/fakeMessagesApi.js";

let toolUseCounter = 0;
export function toolUse(
  name: string,
  input: unknown,
): { type: "tool_use"; id: string; name: string; input: unknown; toolset_name: "browser" } {
  toolUseCounter++;
  return { type: "tool_use", id: `toolu_${toolUseCounter.toString().padStart(4, "0")}`, name, input, toolset_name: "browser" };
}

/** The tool_result blocks of the last user message of a request. */
export function toolResults(request: RecordedRequest): Array<{
  type: string;
  tool_use_id: string;
  is_error?: boolean;
  toolset_name?: string;
  content: Array<{ type: string; text?: string; tabs?: unknown[]; source?: { data: string } }>;
}> {
  const last = request.body.messages.at(-1);
  if (last === undefined || !Array.isArray(last.content)) return [];
  return last.content as ReturnType<typeof toolResults>;
}

/**
 * Scripts keyed by goal (the conversation's first user message): with `thread: false`
 * each request carries the whole history, so the turn is the number of assistant
 * messages so far. Several tasks can then talk to one fake at once.
 */
export function byGoal(scripts: Record<string, ScriptedTurn[]>): (request: RecordedRequest) => ScriptedTurn | undefined {
  return (request) => {
    const goal = request.body.messages[0]?.content;
    if (typeof goal !== "string") return undefined;
    const turn = request.body.messages.filter((message) => message.role === "assistant").length;
    return scripts[goal]?.[turn];
  };
}

/** The text of every tool_result in a request's last message, joined. */
export function lastResultText(request: RecordedRequest): string {
  return toolResults(request)
    .map((result) => (typeof result.content === "string" ? result.content : result.content.map((block) => block.text ?? "").join("\n")))
    .join("\n");
}

/** The `ref_N` a read_page/find result gave to `role "name"`. */
export function refIn(request: RecordedRequest, role: string, name: string): string {
  const text = lastResultText(request);
  const match = new RegExp(`${role} "${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^\n]*\\[(ref_\\d+)\\]`).exec(text);
  if (match?.[1] === undefined) throw new Error(`no ${role} "${name}" in:\n${text}`);
  return match[1];
}

let engineToolCounter = 0;
/** A call of one of the engine's own tools (not a browser toolset member): no toolset_name. A function input is read when the turn runs. */
export const engineTool =
  (name: string, input: unknown): ScriptedTurn =>
  () => {
    engineToolCounter++;
    return {
      stop_reason: "tool_use",
      content: [
        {
          type: "tool_use",
          id: `toolu_engine_${engineToolCounter}`,
          name,
          input: typeof input === "function" ? (input as () => unknown)() : input,
        },
      ],
    };
  };

/** Answers with the last tool result, so the answer proves what the model was told. */
export const answerWithResult: ScriptedTurn = (request) => ({
  stop_reason: "end_turn",
  content: [{ type: "text", text: `told: ${lastResultText(request)}` }],
});
