import type { AnyTool } from "../../toolRegistry.js";

export const interactionTools: AnyTool[] = [];
