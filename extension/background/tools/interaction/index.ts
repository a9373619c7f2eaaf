import type { AnyTool } from "../../toolRegistry.js";
import { clickTrustedTool } from "./clickTrusted.js";
import { hoverTool } from "./hover.js";
import { focusTool } from "./focus.js";
import { typeTrustedTool } from "./typeTrusted.js";
import { selectOptionTool } from "./selectOption.js";
import { scrollToTool } from "./scrollTo.js";
import { waitForTool } from "./waitFor.js";
import { batchActionsTool } from "./batchActions.js";
import { fillFormTool } from "./fillForm.js";
import { runJavascriptTool } from "./runJavascript.js";
import { listToolsTool } from "./listTools.js";
import { uploadFileTool } from "./uploadFile.js";

export const interactionTools: AnyTool[] = [
  listToolsTool,
  clickTrustedTool,
  hoverTool,
  focusTool,
  typeTrustedTool,
  selectOptionTool,
  scrollToTool,
  waitForTool,
  batchActionsTool,
  fillFormTool,
  runJavascriptTool,
  uploadFileTool,
];
