import type { AnyTool } from "../../toolRegistry.js";
import { zoomTool } from "./zoom.js";
import { clickXyTool } from "./clickXy.js";
import { mouseMoveTool } from "./mouseMove.js";
import { mouseDownTool, mouseUpTool } from "./mouseButtons.js";
import { dragTool } from "./drag.js";
import { scrollXyTool } from "./scrollXy.js";
import { holdKeyTool } from "./holdKey.js";

/** L2 pointer, keyboard-hold and zoom tools (browser.screenshot is in ../screenshot.ts). */
export const pointerTools: AnyTool[] = [
  zoomTool,
  clickXyTool,
  mouseMoveTool,
  mouseDownTool,
  mouseUpTool,
  dragTool,
  scrollXyTool,
  holdKeyTool,
];
