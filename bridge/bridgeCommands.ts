import type { CommandPayload, CommandPayloadInput, CommandResult, CommandType } from "../protocol/index.js";
import type { AgentSession } from "./requestRouter.js";
import { BROWSER_USE_HANDLERS } from "./adapters/browserUse/browserUseHandlers.js";
import { BODY_BROWSER_HANDLERS } from "./adapters/bodyBrowser/bodyHandlers.js";

/** A typed call of one command, through the same path (validation, routing, gatekeeper) as a socket request. */
export type CommandCaller = <T extends CommandType>(type: T, payload: CommandPayloadInput<T>) => Promise<CommandResult<T>>;

export interface BridgeCommandContext {
  session: AgentSession;
  /** Extension commands, through the same path socket requests take. */
  call: CommandCaller;
}

export type BridgeCommandHandler<T extends CommandType> = (payload: CommandPayload<T>, context: BridgeCommandContext) => Promise<CommandResult<T>>;
export type BridgeCommandHandlers = { [T in CommandType]?: BridgeCommandHandler<T> };

/** Commands the bridge answers itself (handledBy "bridge"), other than the router's own bridge.health and bridge.hello. */
const HANDLERS: BridgeCommandHandlers = {
  ...BROWSER_USE_HANDLERS,
  ...BODY_BROWSER_HANDLERS,
};

export const BRIDGE_COMMAND_HANDLERS = HANDLERS as Partial<Record<CommandType, (payload: unknown, context: BridgeCommandContext) => Promise<unknown>>>;
