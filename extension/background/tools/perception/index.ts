import type { AnyTool } from "../../toolRegistry.js";
import { readPageTool } from "./readPage.js";
import { findInPageTool } from "./findInPageTool.js";
import { getSelectionTool } from "./getSelection.js";

export const perceptionTools: AnyTool[] = [readPageTool, findInPageTool, getSelectionTool];
