import type { RecordedRequest } from "./fakeMessagesApi.js";
import { resultsSeen, type ResultSeen } from "./scriptedModel.js";

/** What a model read of one MCP server through a host, counted from the requests the host sent. */
export interface HostReading {
  label: string;
  tools: number;
  /** The server's tool definitions as the host sent them: name, description and input schema, as JSON. */
  definitionChars: number;
  /** The server's instructions, where the host put them into the system prompt. */
  instructionChars: number;
  steps: Array<{ tool: string; chars: number; text: string }>;
  resultChars: number;
  total: number;
}

/**
 * Counted from the host's last main-loop request, which carries the whole history: the tool
 * definitions of `mcp__SERVER__*` in it, the section of the system prompt that holds the
 * server's instructions, and every tool result's content as the model got it.
 */
export function hostReading(label: string, server: string, requests: readonly RecordedRequest[]): HostReading {
  const prefix = `mcp__${server}__`;
  const ofServer = (request: RecordedRequest): Array<Record<string, unknown>> =>
    ((request.body.tools ?? []) as Array<Record<string, unknown>>).filter((tool) => String(tool.name).startsWith(prefix));
  const main = requests.filter((request) => ofServer(request).length > 0);
  const last = main.at(-1);
  if (last === undefined) throw new Error(`${label}: the host never offered the model the server's tools`);
  const tools = ofServer(last);
  const definitionChars = tools.reduce(
    (sum, tool) => sum + JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.input_schema }).length,
    0,
  );
  const steps = resultsSeen(last, prefix).map((seen) => ({
    tool: seen.tool,
    chars: charsOfResult(seen),
    text: seen.text,
  }));
  const resultChars = steps.reduce((sum, step) => sum + step.chars, 0);
  const instructionChars = instructionsIn(last, server).length;
  return {
    label,
    tools: tools.length,
    definitionChars,
    instructionChars,
    steps,
    resultChars,
    total: definitionChars + instructionChars + resultChars,
  };
}

/** A result's characters as the model got them: the host's one string, or the text of its blocks. */
export function charsOfResult(seen: ResultSeen): number {
  return typeof seen.content === "string" ? seen.content.length : seen.text.length;
}

/**
 * Claude Code puts each server's instructions under `## NAME` in its "# MCP Server
 * Instructions" section, a system message at the start of the history; they end at the next
 * heading or at the date line that follows the section.
 */
function instructionsIn(request: RecordedRequest, server: string): string {
  const texts = [request.body.system, ...request.body.messages.map((message) => message.content)].flatMap(textsOf);
  const text = texts.find((candidate) => candidate.includes("# MCP Server Instructions")) ?? "";
  const heading = `\n## ${server}\n`;
  const start = text.indexOf(heading);
  if (start < 0) return "";
  const rest = text.slice(start + heading.length);
  const ends = ["\n## ", "\n# ", "\n\nToday's date"].map((marker) => rest.indexOf(marker)).filter((index) => index >= 0);
  return rest.slice(0, ends.length > 0 ? Math.min(...ends) : undefined);
}

export function textsOf(content: unknown): string[] {
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  return (content as Array<{ text?: unknown }>).flatMap((block) => (typeof block.text === "string" ? [block.text] : []));
}
