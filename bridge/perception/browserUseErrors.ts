import type { BrowserUseAction, BrowserUseErrorCode, ErrorCode, WebOperatorError } from "../../protocol/index.js";
import { errorFromUnknown } from "../../protocol/index.js";

/** A failure in the Browser-Use protocol's vocabulary, answered inside the State Object. */
export class BrowserUseActionError extends Error {
  constructor(
    readonly code: BrowserUseErrorCode,
    message: string,
    /**
     * The failure left the document the last state described and it could not be brought back:
     * answering that state would hand out indexes into a dead document, so the answer is a new reading.
     */
    readonly pageReplaced = false,
    /** The WebOperator failure this reports, whose code the task's step record keeps. */
    readonly original?: WebOperatorError,
  ) {
    super(message);
    this.name = "BrowserUseActionError";
  }
}

/** Ref failures mean the index no longer names what it named. */
const INDEX_CODES: ReadonlySet<ErrorCode> = new Set(["stale_ref", "invalid_ref"]);
/** The element is there but will not take this action now (disabled, hidden, covered, gated, no such option). */
const NOT_INTERACTIVE_CODES: ReadonlySet<ErrorCode> = new Set([
  "not_actionable",
  "obscured",
  "target_changed",
  "page_checks_failed",
  "unsupported_frame",
  "not_found",
  "confirmation_required",
  "policy_denied",
  "invalid_key",
]);
const NAVIGATION_CODES: ReadonlySet<ErrorCode> = new Set([
  "navigation_failed",
  "navigation_refused",
  "policy_denied",
  "confirmation_required",
  "timeout",
  "unsupported_page",
  "bad_request",
]);

/** Translates a WebOperator failure of an action's command; the original code stays in the message. */
export function browserUseErrorOf(error: unknown, action: BrowserUseAction["action"]): BrowserUseActionError {
  if (error instanceof BrowserUseActionError) return error;
  const failure = errorFromUnknown(error);
  const message = `${failure.message} (WebOperator code ${failure.code})`;
  if (action === "navigate")
    return new BrowserUseActionError(NAVIGATION_CODES.has(failure.code) ? "NAVIGATION_FAILED" : "INTERNAL_BROWSER_ERROR", message);
  if (INDEX_CODES.has(failure.code)) return new BrowserUseActionError("INVALID_ELEMENT_INDEX", message);
  if (NOT_INTERACTIVE_CODES.has(failure.code)) return new BrowserUseActionError("ELEMENT_NOT_INTERACTIVE", message);
  return new BrowserUseActionError("INTERNAL_BROWSER_ERROR", message);
}
