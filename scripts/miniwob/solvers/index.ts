import type { Solver } from "../solver.js";
import { APP_SOLVERS } from "./appSolvers.js";
import { CLICK_SOLVERS } from "./clickSolvers.js";
import { EMAIL_SOLVERS } from "./emailSolvers.js";
import { FLIGHT_SOLVERS } from "./flightSolvers.js";
import { FORM_SOLVERS } from "./formSolvers.js";
import { REASONING_SOLVERS } from "./reasoningSolvers.js";
import { SOCIAL_SOLVERS } from "./socialSolvers.js";
import { WIDGET_SOLVERS } from "./widgetSolvers.js";

/** The bench's tasks: each MiniWoB++ task name with the solver a person scripted for it against our snapshot. */
export const SOLVERS: Record<string, Solver> = {
  ...CLICK_SOLVERS,
  ...FORM_SOLVERS,
  ...REASONING_SOLVERS,
  ...WIDGET_SOLVERS,
  ...EMAIL_SOLVERS,
  ...SOCIAL_SOLVERS,
  ...APP_SOLVERS,
  ...FLIGHT_SOLVERS,
};
