import type { AnyTool } from "../../toolRegistry.js";

export const tabsTools: AnyTool[] = [];
