import type { CommandSpec } from "../primitives.js";

/** L0 tab and browser-data tools of browser-tools-l1-l2 §3. Each is reachable as `browser.<tool>`. */
export const TAB_TOOL_COMMANDS = {} as const satisfies Record<string, CommandSpec>;
