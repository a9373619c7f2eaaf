import type { AnyTool } from "../../toolRegistry.js";
import { readPageTool } from "./readPage.js";
import { findInPageTool } from "./findInPage.js";
import { getSelectionTool } from "./getSelection.js";

export const perceptionTools: AnyTool[] = [readPageTool, findInPageTool, getSelectionTool];
