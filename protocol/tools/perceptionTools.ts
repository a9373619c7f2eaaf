import type { CommandSpec } from "../primitives.js";

/** Read tools of browser-tools-l1-l2 §1 and §3 (read_page, find_in_page, get_selection, read_page_deep). Each is reachable as `browser.<tool>`. */
export const PERCEPTION_TOOL_COMMANDS = {} as const satisfies Record<string, CommandSpec>;
