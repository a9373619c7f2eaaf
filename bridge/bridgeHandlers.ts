import { COMMANDS, type CommandType } from "../protocol/index.js";
import type { BridgeCommandContext, BridgeCommandHandlers } from "./commandContext.js";

type AnyHandler = (payload: unknown, context: BridgeCommandContext) => Promise<unknown>;

/**
 * Every command the bridge answers itself (handledBy "bridge"), mapped to its handler. The
 * bridge's assembly adds each part's handlers; assertComplete fails at start when a
 * declared command has none, or a handler answers a command the bridge does not own, so a
 * new bridge command is one protocol entry plus one handler.
 */
export class BridgeHandlerRegistry {
  private readonly handlers = new Map<CommandType, AnyHandler>();

  add(handlers: BridgeCommandHandlers): this {
    for (const [type, handler] of Object.entries(handlers) as Array<[CommandType, AnyHandler | undefined]>) {
      if (handler === undefined) continue;
      if (this.handlers.has(type)) throw new Error(`Two bridge handlers for ${type}.`);
      this.handlers.set(type, handler);
    }
    return this;
  }

  handlerFor(type: CommandType): AnyHandler | undefined {
    return this.handlers.get(type);
  }

  assertComplete(): this {
    const declared = (Object.keys(COMMANDS) as CommandType[]).filter((type) => COMMANDS[type].handledBy === "bridge");
    const missing = declared.filter((type) => !this.handlers.has(type));
    const foreign = [...this.handlers.keys()].filter((type) => COMMANDS[type].handledBy !== "bridge");
    if (missing.length > 0 || foreign.length > 0) {
      throw new Error(
        `Bridge handlers do not match the declarations: missing ${missing.join(", ") || "none"}; not the bridge's ${foreign.join(", ") || "none"}.`,
      );
    }
    return this;
  }
}
