import { WebOperatorError } from "../../protocol/errors.js";

/** The code of the WebOperatorError `run` throws, null when it throws nothing. */
export function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof WebOperatorError ? error.code : "not a WebOperatorError";
  }
}
