import { z } from "zod";

/** Every machine-readable failure an agent can see. The README documents each one. */
export const ErrorCodeSchema = z.enum([
  "unauthorized",
  "bad_request",
  "unknown_command",
  "frame_too_large",
  "extension_disconnected",
  "timeout",
  "stale_ref",
  "invalid_ref",
  "navigation_refused",
  "navigation_failed",
  "tab_not_found",
  "unsupported_page",
  "not_actionable",
  "invalid_key",
  "debugger_unavailable",
  "payload_too_large",
  "not_implemented",
  "internal_error",
  /** The click point is covered by another element; the message names it. */
  "obscured",
  /** The action failed while being dispatched, after its prechecks passed (e.g. run_javascript threw). */
  "dispatch_failed",
  /** A gated action waits for browser.confirm {id, allow}; the message carries the id. */
  "confirmation_required",
  /** The gatekeeper's policy forbids this action, URL or tool. */
  "policy_denied",
  /** A frame's transform cannot be mapped to exact coordinates for a write. */
  "unsupported_frame",
  /** An upload path is outside the configured upload folder, or uploads are off. */
  "upload_refused",
  /** The DOM snapshot came back empty; the caller falls back to the CDP accessibility tree. */
  "empty_snapshot",
  /** A query (find_in_page, wait_for) matched nothing within its bounds. */
  "not_found",
  /** The task store (SQLite in the config dir) cannot be opened or written: read-only, full, or corrupt. */
  "store_unavailable",
  /** tasks.start names a model provider with no credentials configured; the message names the variable. */
  "provider_not_configured",
  /** tasks.start with an attachment that is missing, not a regular file, or unreadable. */
  "attachment_refused",
  /** The model provider (the Messages API) answered an error or could not be reached. */
  "provider_error",
  /** The task is not in a state that allows this (e.g. confirm with nothing pending, resume of a finished task). */
  "invalid_state",
  /** An explicit tabId (or the fallback visible tab) is in another agent's tab group, and the policy does not share agent tabs. */
  "tab_owned_by_other_agent",
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** A failure that carries its own code and a message telling the agent what to do next. */
export class WebOperatorError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "WebOperatorError";
  }
}

export function errorFromUnknown(error: unknown, fallback: ErrorCode = "internal_error"): WebOperatorError {
  if (error instanceof WebOperatorError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new WebOperatorError(fallback, message);
}

/** Renders zod issues as one line an agent can act on: "payload.ref: expected string". */
export function describeZodError(error: z.ZodError, root: string): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = [root, ...issue.path.map(String)].join(".");
      return `${path}: ${issue.message}`;
    })
    .join("; ");
}
