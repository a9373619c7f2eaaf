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
  /**
   * Write tools call this with the resolved tab right before they dispatch: the gatekeeper
   * re-verifies tab identity, origin and policy at that moment (seed §6).
   */
  beforeDispatch(tabId: number): Promise<void>;
  /**
   * Runs another tool as a new, separately gated call (batch_actions, and the one
   * automatic type -> type_trusted escalation).
   */
  runTool(type: string, payload: unknown): Promise<unknown>;
}

type BaseContext = Omit<ToolContext, "beforeDispatch" | "runTool">;

export interface ToolDescriptor {
  name: string;
  level: ToolLevel;
  effects: ToolEffects;
}

/**
 * The policy hook every tool call passes through before it runs. It throws
 * policy_denied or confirmation_required; it returns the beforeDispatch check to use.
 */
export interface ToolGate {
  admit(tool: ToolDescriptor, input: unknown, context: BaseContext): Promise<(tabId: number) => Promise<void>>;
  /**
   * Called once an admitted tool has finished or failed, with the context admit saw (nested
   * runTool calls share it and settle innermost first). Throwing replaces the tool's outcome:
   * a navigation the tool started that ended on a host the policy forbids.
   */
  settle?(context: BaseContext): Promise<void>;
}

const OPEN_GATE: ToolGate = {
  admit: () => Promise.resolve(() => Promise.resolve()),
};

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
  private gate: ToolGate = OPEN_GATE;

  setGate(gate: ToolGate): this {
    this.gate = gate;
    return this;
  }

  register(...tools: AnyTool[]): this {
    for (const tool of tools) this.tools.set(tool.name, tool);
    return this;
  }

  describe(): ToolDescriptor[] {
    return [...this.tools.values()].map(({ name, level, effects }) => ({ name, level, effects }));
  }

  /** Validates input, runs the tool, validates output: the extension's half of "validate at every boundary". */
  async execute(type: string, rawPayload: unknown, baseContext: BaseContext): Promise<unknown> {
    const tool = this.tools.get(type);
    if (!tool) throw new WebOperatorError("unknown_command", `The extension has no tool "${type}".`);
    const spec = COMMANDS[tool.name];
    const input = (spec.payload as z.ZodType).safeParse(rawPayload);
    if (!input.success) throw new WebOperatorError("bad_request", `Invalid ${type} payload: ${describeZodError(input.error, "payload")}.`);
    const beforeDispatch = await this.gate.admit({ name: tool.name, level: tool.level, effects: tool.effects }, input.data, baseContext);
    const context: ToolContext = {
      ...baseContext,
      beforeDispatch,
      runTool: (nested, payload) => this.execute(nested, payload, baseContext),
    };
    let result: unknown;
    try {
      result = await (tool.run as (input: unknown, context: ToolContext) => Promise<unknown>)(input.data, context);
    } finally {
      await this.gate.settle?.(baseContext);
    }
    const output = (spec.result as z.ZodType).safeParse(result);
    if (!output.success) throw new WebOperatorError("internal_error", `${type} produced a malformed result: ${describeZodError(output.error, "result")}.`);
    return output.data;
  }
}
