import type { z } from "zod";
import { COMMANDS, WebOperatorError, describeZodError, type BrowserCommandType, type CommandPayload, type CommandResult } from "../../protocol/index.js";

export type ToolLevel = "L0" | "L1" | "L2";
export type ToolEffects = "read" | "write";

export interface ToolContext {
  /** The tab this agent last used, sent by the bridge; only used when the payload has no tabId. */
  defaultTabId: number | undefined;
  /** Absolute time (ms since epoch) after which the bridge has already answered `timeout`. */
  deadline: number;
  signal: AbortSignal;
}

export interface Tool<T extends BrowserCommandType> {
  name: T;
  level: ToolLevel;
  effects: ToolEffects;
  run(input: CommandPayload<T>, context: ToolContext): Promise<CommandResult<T>>;
}

/** Declares a tool once; its input schema and result schema come from protocol/. */
export function defineTool<T extends BrowserCommandType>(tool: Tool<T>): Tool<T> {
  return tool;
}

export type AnyTool = { [T in BrowserCommandType]: Tool<T> }[BrowserCommandType];

export class ToolRegistry {
  private readonly tools = new Map<string, AnyTool>();

  register(...tools: AnyTool[]): this {
    for (const tool of tools) this.tools.set(tool.name, tool);
    return this;
  }

  describe(): Array<{ name: string; level: ToolLevel; effects: ToolEffects }> {
    return [...this.tools.values()].map(({ name, level, effects }) => ({ name, level, effects }));
  }

  /** Validates input, runs the tool, validates output: the extension's half of "validate at every boundary". */
  async execute(type: string, rawPayload: unknown, context: ToolContext): Promise<unknown> {
    const tool = this.tools.get(type);
    if (!tool) throw new WebOperatorError("unknown_command", `The extension has no tool "${type}".`);
    const spec = COMMANDS[tool.name];
    const input = (spec.payload as z.ZodType).safeParse(rawPayload);
    if (!input.success) throw new WebOperatorError("bad_request", `Invalid ${type} payload: ${describeZodError(input.error, "payload")}.`);
    const result = await (tool.run as (input: unknown, context: ToolContext) => Promise<unknown>)(input.data, context);
    const output = (spec.result as z.ZodType).safeParse(result);
    if (!output.success) throw new WebOperatorError("internal_error", `${type} produced a malformed result: ${describeZodError(output.error, "result")}.`);
    return output.data;
  }
}
