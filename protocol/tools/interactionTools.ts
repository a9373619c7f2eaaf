import type { CommandSpec } from "../primitives.js";

/** L1 and L2 interaction tools of browser-tools-l1-l2 §3. Each is reachable as `browser.<tool>`. */
export const INTERACTION_TOOL_COMMANDS = {} as const satisfies Record<string, CommandSpec>;
