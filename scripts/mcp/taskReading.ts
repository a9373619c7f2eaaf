import type { RecordedRequest } from "./fakeMessagesApi.js";
import { charsOfResult, hostReading, textsOf, type HostReading } from "./hostReading.js";
import { resultsSeen } from "./scriptedModel.js";

/** What one task cost through the host with one server, counted from the requests the host sent the model. */
export interface TaskReading extends HostReading {
  /** Model requests of the main loop: those that offered the server's tools. */
  turns: number;
  /**
   * The server's own share of what the model read over the task: its tool definitions and
   * instructions in every turn, and each result in every turn from the one it arrived in on.
   */
  serverShare: number;
  /** Claude Code's own system prompt in one turn (the last), the server's instructions left out: the same whatever the server. */
  hostSystemChars: number;
}

export function taskReading(label: string, server: string, requests: readonly RecordedRequest[]): TaskReading {
  const prefix = `mcp__${server}__`;
  const reading = hostReading(label, server, requests);
  const main = requests.filter((request) =>
    ((request.body.tools ?? []) as Array<{ name?: unknown }>).some((tool) => String(tool.name).startsWith(prefix)),
  );
  const carried = main.reduce(
    (sum, request) => sum + resultsSeen(request, prefix).reduce((chars, seen) => chars + charsOfResult(seen), 0),
    0,
  );
  const system = textsOf(main.at(-1)?.body.system).join("");
  const instructionsInSystem = system.includes("# MCP Server Instructions") ? reading.instructionChars : 0;
  return {
    ...reading,
    turns: main.length,
    serverShare: (reading.definitionChars + reading.instructionChars) * main.length + carried,
    hostSystemChars: system.length - instructionsInSystem,
  };
}
