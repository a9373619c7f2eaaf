import { z } from "zod";
import { ERROR_CODES, FAILURE_STAGES } from "./errors.js";

/**
 * The zod forms of errors.ts's lists. They live apart from WebOperatorError because the content
 * script throws that class at every document start's evaluation but validates no error code.
 */
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export const FailureStageSchema = z.enum(FAILURE_STAGES);
