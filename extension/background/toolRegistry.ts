import type { z } from "zod";
import {
  COMMANDS,
  WebOperatorError,
  describeZodError,
  errorFromUnknown,
  resolveCommandType,
  type BrowserCommandType,
  type CommandPayload,
  type CommandResult,
  type CommandSpec,
  type Requester,
  type ToolLevel,
  type AgentIdentity,
  type UploadGrant,
  type HopRecorder,
  type ContentResult,
} from "../../protocol/index.js";
import { placeFailure, stageForAnswer } from "./actions/failureStage.js";
import { withFirstLook } from "./tools/perception/firstLookAnswer.js";

export interface ToolContext {
  /** The tab this agent last used, sent by the bridge; only used when the payload has no tabId. */
  defaultTabId: number | undefined;
  /** The agent the call is for (absent from an older bridge): its tabs are its own. */
  agent: AgentIdentity | undefined;
  /** Absolute time (ms since epoch) after which the bridge has already answered `timeout`. */
  deadline: number;
  signal: AbortSignal;
  /** The agent connection or task the bridge says the call comes from; absent for the side panel's own. */
  requester?: Requester;
  /** The bridge vouches that an upload's bytes are the requesting task's own attachments (no allowUploads needed). */
  uploadGrant?: UploadGrant;
  /** Set when the bridge asked for a hop trace: the steps of this call mark themselves on it. */
  hops?: HopRecorder;
  /** The agent's governance asks a person before this write (body.act below its confidence threshold). */
  escalation?: string;
  /** The request's `firstLook` option: the characters of a new document's first look, 0 for none (firstLookAnswer.ts). */
  firstLook?: number;
  /**
   * Write tools call this with the resolved tab right before they dispatch: the gatekeeper
   * re-verifies tab identity, origin and policy at that moment, as the tab may have moved on since admission. Resolves to the
   * tab as it read it then, or null when this gate reads none. `prepared`: the target as the
   * tool's preparation described it in the page moments ago (prepare_action's `described`), so
   * the judgement reads that instead of asking the page again.
   */
  beforeDispatch(tabId: number, prepared?: PreparedTarget): Promise<chrome.tabs.Tab | null>;
  /** The tab the gate resolved for this call exactly as the tool would (tabResolver), if it resolved one. */
  admittedTab: (chrome.tabs.Tab & { id: number }) | null;
  /**
   * Runs another tool as a new, separately gated call (batch_actions, and the one
   * automatic type -> type_trusted escalation).
   */
  runTool(type: string, payload: unknown): Promise<unknown>;
}

type BaseContext = Omit<ToolContext, "beforeDispatch" | "runTool" | "admittedTab">;

/** A write's target as its preparation described it: describe_ref's answer, taken in prepare_action's trip. */
export type PreparedTarget = ContentResult<"describe_ref">;

export interface Admission {
  beforeDispatch: (tabId: number, prepared?: PreparedTarget) => Promise<chrome.tabs.Tab | null>;
  tab: (chrome.tabs.Tab & { id: number }) | null;
}

/** A registered tool as the gate and browser.tools see it: its name plus its protocol declaration. */
export interface ToolDescriptor {
  name: BrowserCommandType;
  level: ToolLevel;
  spec: CommandSpec;
  effects: CommandSpec["effects"];
}

/**
 * The policy hook every tool call passes through before it runs. It throws
 * policy_denied or confirmation_required; it returns the beforeDispatch check to use.
 */
export interface ToolGate {
  admit(tool: ToolDescriptor, input: unknown, context: BaseContext): Promise<Admission>;
  /**
   * Called once an admitted tool has finished or failed, with the context admit saw (nested
   * runTool calls share it and settle innermost first). Throwing replaces the tool's outcome:
   * a navigation the tool started that ended on a host the policy forbids.
   */
  settle?(context: BaseContext): Promise<void>;
  /**
   * Called with a tool's validated result and the tab admit resolved: tabs the call created
   * become its agent's. Throwing replaces the result: a read answered by a document the policy forbids.
   */
  adopt?(tool: ToolDescriptor, context: BaseContext, result: unknown, admittedTab: Admission["tab"]): Promise<void>;
}

const OPEN_GATE: ToolGate = {
  admit: () => Promise.resolve({ beforeDispatch: () => Promise.resolve(null), tab: null }),
};

/** A handler; everything else about the tool (schemas, level, effects, intent) is its protocol/ entry. */
export interface Tool<T extends BrowserCommandType> {
  name: T;
  run(input: CommandPayload<T>, context: ToolContext): Promise<CommandResult<T>>;
}

/** Binds a handler to its protocol/ command entry. */
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
    for (const tool of tools) {
      if (COMMANDS[tool.name].handledBy !== "extension")
        throw new Error(`${tool.name} is not declared as an extension command in protocol/`);
      this.tools.set(tool.name, tool);
    }
    return this;
  }

  /** Every extension command of protocol/ must have exactly one handler: a missing one is a build defect, not a runtime surprise. */
  assertComplete(): this {
    const missing = Object.entries(COMMANDS)
      .filter(([name, spec]) => spec.handledBy === "extension" && !this.tools.has(name))
      .map(([name]) => name);
    if (missing.length > 0) throw new Error(`protocol/ declares extension commands with no handler: ${missing.join(", ")}`);
    return this;
  }

  describe(): ToolDescriptor[] {
    return [...this.tools.keys()].map((name) => describeTool(name as BrowserCommandType));
  }

  /**
   * Validates input, runs the tool, validates output: the extension's half of "validate at every boundary".
   * A write's failure answers with the stage it failed at; a read's never carries one.
   */
  async execute(type: string, rawPayload: unknown, baseContext: BaseContext): Promise<unknown> {
    const resolved = resolveCommandType(type);
    const tool = resolved === undefined ? undefined : this.tools.get(resolved);
    if (!tool) throw new WebOperatorError("unknown_command", `The extension has no tool "${type}".`);
    const isWrite = COMMANDS[tool.name].effects === "write";
    try {
      return await this.run(tool, rawPayload, baseContext);
    } catch (error) {
      const failure = errorFromUnknown(error);
      throw failure.atStage(stageForAnswer(failure, isWrite));
    }
  }

  private async run(tool: AnyTool, rawPayload: unknown, baseContext: BaseContext): Promise<unknown> {
    const type = tool.name;
    const spec = COMMANDS[tool.name];
    const input = (spec.payload as z.ZodType).safeParse(rawPayload);
    if (!input.success) throw new WebOperatorError("bad_request", `Invalid ${type} payload: ${describeZodError(input.error, "payload")}.`);
    baseContext.hops?.mark("worker: payload check");
    const { beforeDispatch, tab } = await this.gate.admit(describeTool(tool.name), input.data, baseContext);
    baseContext.hops?.mark("worker: gate, agent and page checks");
    const context: ToolContext = {
      ...baseContext,
      beforeDispatch,
      admittedTab: tab,
      runTool: (nested, payload) => this.execute(nested, payload, baseContext),
    };
    let result: unknown;
    try {
      result = await (tool.run as (input: unknown, context: ToolContext) => Promise<unknown>)(input.data, context);
    } finally {
      // What the gate refuses now is where the write led (a navigation to a forbidden host): it was dispatched.
      await this.gate.settle?.(baseContext).catch((error: unknown) => {
        throw placeFailure(error, "verify");
      });
    }
    baseContext.hops?.mark("worker: tool after the page");
    if (spec.effects === "write") {
      result = await withFirstLook(type, result, baseContext.firstLook, (payload) =>
        this.execute("browser.snapshot", payload, baseContext),
      );
      baseContext.hops?.mark("worker: first look");
    }
    const output = (spec.result as z.ZodType).safeParse(result);
    if (!output.success)
      throw new WebOperatorError("internal_error", `${type} produced a malformed result: ${describeZodError(output.error, "result")}.`);
    await this.gate.adopt?.(describeTool(tool.name), baseContext, output.data, tab);
    baseContext.hops?.mark("worker: result check");
    return output.data;
  }
}

function describeTool(name: BrowserCommandType): ToolDescriptor {
  const spec: CommandSpec = COMMANDS[name];
  if (spec.level === undefined) throw new Error(`${name} declares no level in protocol/`);
  return { name, level: spec.level, effects: spec.effects, spec };
}
