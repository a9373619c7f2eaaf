import { COMMANDS, type BrowserCommandType } from "../../protocol/index.js";

/** Checks a browser.* result against its declared schema, as the router does for socket answers. */
export function parseBrowserResult(type: BrowserCommandType, result: unknown): unknown {
  return COMMANDS[type].result.parse(result);
}
