import type { DialectFactory } from "./agentDialect.js";
import type { RecordedRequest, ScriptedReply } from "./fakeMessagesApi.js";
import { NextMove, ScriptedAgent } from "./scriptedAgent.js";
import { resultsSeen } from "./scriptedModel.js";

/** A task as the agent plays it, from the first call to the final answer's text. */
export type TaskPlay = (agent: ScriptedAgent) => string;

/**
 * The scripted agent as Claude Code's model on the fake Messages API. A main-loop request (it
 * offers the server's `mcp__NAME__*` tools) replays the task against the results in its
 * history with a dialect made for the tools offered in it; the first call without a result is
 * the reply's tool_use, and a task played to its end is the final text. A task that cannot go
 * on (a ref not on the page, an error) answers `FAILED: …`. Claude Code's side requests of its
 * own (no such tools) get a short text.
 */
export function agentModel(makeDialect: DialectFactory, play: TaskPlay): (request: RecordedRequest) => () => ScriptedReply {
  const server = makeDialect(new Set()).server;
  const prefix = `mcp__${server}__`;
  return (request) => () => {
    const offered = new Set(
      ((request.body.tools ?? []) as Array<{ name?: string }>).flatMap((tool) =>
        tool.name?.startsWith(prefix) === true ? [tool.name.slice(prefix.length)] : [],
      ),
    );
    if (offered.size === 0) return { stop_reason: "end_turn", content: [{ type: "text", text: "OK" }] };
    const seen = resultsSeen(request, prefix);
    try {
      return { stop_reason: "end_turn", content: [{ type: "text", text: play(new ScriptedAgent(makeDialect(offered), seen)) }] };
    } catch (error) {
      if (!(error instanceof NextMove))
        return {
          stop_reason: "end_turn",
          content: [{ type: "text", text: `FAILED: ${error instanceof Error ? error.message : String(error)}` }],
        };
      const id = `toolu_${String(seen.length + 1).padStart(4, "0")}`;
      return { stop_reason: "tool_use", content: [{ type: "tool_use", id, name: `${prefix}${error.call.tool}`, input: error.call.input }] };
    }
  };
}
