import type { AnyTool } from "../../toolRegistry.js";

export const perceptionTools: AnyTool[] = [];
