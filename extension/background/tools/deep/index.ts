import type { AnyTool } from "../../toolRegistry.js";
import { readPageDeepTool } from "./readPageDeep.js";
import { clickDeepTool } from "./clickDeep.js";

/** L2 deep perception: CDP accessibility reads and trusted clicks on deep refs. */
export const deepTools: AnyTool[] = [readPageDeepTool, clickDeepTool];
