import { WebOperatorError } from "../../protocol/errors.js";

/**
 * The typed error a call is refused with. Anything else it throws propagates, and a call that
 * succeeds fails the test: a refusal the product forgot is a defect, not a pass.
 */
export async function refusalOf(call: Promise<unknown> | (() => Promise<unknown>), what = "the call"): Promise<WebOperatorError> {
  try {
    await (typeof call === "function" ? call() : call);
  } catch (error) {
    if (error instanceof WebOperatorError) return error;
    throw error;
  }
  throw new Error(`${what} unexpectedly succeeded`);
}
