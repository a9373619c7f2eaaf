import type { Solver } from "../solver.js";
import { CLICK_SOLVERS } from "./clickSolvers.js";
import { FORM_SOLVERS } from "./formSolvers.js";
import { REASONING_SOLVERS } from "./reasoningSolvers.js";
import { WIDGET_SOLVERS } from "./widgetSolvers.js";

/** The bench's tasks: each MiniWoB++ task name with the solver a person scripted for it against our snapshot. */
export const SOLVERS: Record<string, Solver> = { ...CLICK_SOLVERS, ...FORM_SOLVERS, ...REASONING_SOLVERS, ...WIDGET_SOLVERS };
