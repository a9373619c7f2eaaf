import type { RecordedRequest, ScriptedReply } from "./fakeMessagesApi.js";

/** A tool result as the model received it in the next request: the text it could read, and the block as the host sent it. */
export interface ResultSeen {
  tool: string;
  input: unknown;
  text: string;
  isError: boolean;
  /** The tool_result's `content` exactly as the host put it: an array of blocks, or one string. */
  content: unknown;
}

export type ModelMove = { tool: string; input: Record<string, unknown> } | { answer: string };

/** One step of a scripted model: its move, decided from what the model has read so far; `applies` false skips it. */
export interface PlanStep {
  move(seen: readonly ResultSeen[]): ModelMove;
  applies?(seen: readonly ResultSeen[]): boolean;
}

/**
 * The next move of a plan, replayed from the history the host sends each turn: every step
 * that applied and already has its result is passed, and the first without one moves. A step
 * that cannot find what it needs in the results (a ref, an id) throws, and the model answers
 * `FAILED: …`, so a run whose text did not arrive fails.
 */
function nextMove(plan: readonly PlanStep[], seen: readonly ResultSeen[]): ModelMove {
  let done = 0;
  for (const step of plan) {
    const sofar = seen.slice(0, done);
    if (step.applies !== undefined && !step.applies(sofar)) continue;
    if (done < seen.length) {
      done++;
      continue;
    }
    try {
      return step.move(sofar);
    } catch (error) {
      return { answer: `FAILED: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  return { answer: "FAILED: the plan ran out of steps" };
}

/** The results of a Claude Code request's history, in order, matched to the tool_use that asked for them. */
export function resultsSeen(request: RecordedRequest, toolPrefix: string): ResultSeen[] {
  const calls = new Map<string, { tool: string; input: unknown }>();
  const seen: ResultSeen[] = [];
  for (const message of request.body.messages) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as Array<Record<string, unknown>>) {
      if (block.type === "tool_use" && typeof block.id === "string" && typeof block.name === "string")
        calls.set(block.id, { tool: block.name.slice(toolPrefix.length), input: block.input });
      if (block.type === "tool_result" && typeof block.tool_use_id === "string") {
        const call = calls.get(block.tool_use_id) ?? { tool: "?", input: null };
        seen.push({ ...call, text: textOfContent(block.content), isError: block.is_error === true, content: block.content });
      }
    }
  }
  return seen;
}

function textOfContent(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return (content as Array<{ type?: string; text?: string }>).map((part) => (part.type === "text" ? (part.text ?? "") : "")).join("\n");
}

/**
 * A scripted model for Claude Code on the fake Messages API: the main loop's requests (they
 * offer the server's `mcp__NAME__*` tools) get the plan's next move as a tool_use or a final
 * text; Claude Code's side requests of its own (no such tools) get a short text.
 */
export function claudeCodeModel(server: string, plan: readonly PlanStep[]): (request: RecordedRequest) => () => ScriptedReply {
  const prefix = `mcp__${server}__`;
  return (request) => () => {
    const tools = (request.body.tools ?? []) as Array<{ name?: string }>;
    if (!tools.some((tool) => tool.name?.startsWith(prefix) === true))
      return { stop_reason: "end_turn", content: [{ type: "text", text: "OK" }] };
    const seen = resultsSeen(request, prefix);
    const move = nextMove(plan, seen);
    if ("answer" in move) return { stop_reason: "end_turn", content: [{ type: "text", text: move.answer }] };
    return {
      stop_reason: "tool_use",
      content: [
        { type: "tool_use", id: `toolu_${String(seen.length + 1).padStart(4, "0")}`, name: `${prefix}${move.tool}`, input: move.input },
      ],
    };
  };
}

/** The ref a snapshot's text gives `role "name"`, as Playwright MCP and WebOperator both print it: `role "name" … [ref=REF]`. */
export function refIn(text: string, role: string, name: string): string {
  const pattern = new RegExp(`${role} "${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^\\n]*\\[ref=([^\\]]+)\\]`);
  const ref = pattern.exec(text)?.[1];
  if (ref === undefined) throw new Error(`no ${role} "${name}" with a ref in:\n${text.slice(0, 2_000)}`);
  return ref;
}
