import type { BrowserCommandType, CommandPayloadInput, CommandResult } from "../../protocol/index.js";

/**
 * How the adapter reaches the browser: browser.* commands only, through the socket's own
 * path (body.act, body.replay) or a task's (the replay provider, the step recorder).
 */
export type BrowserCaller = <T extends BrowserCommandType>(type: T, payload: CommandPayloadInput<T>) => Promise<CommandResult<T>>;
