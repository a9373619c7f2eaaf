import { z } from "zod";
import type { ConfirmationRequest } from "./confirmation.js";

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
  /** A gated action waits for browser.confirm {id, allow}; the error's `confirmation` field describes it. */
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
  /** A task agent ended its own task as failed (Browser-Use fail_task); the message is its reason. */
  "task_failed",
  /** The task's model kept answering with no usable action (not the schema, or a repeat in the same state) past its retries. */
  "model_output_invalid",
  /** The user pressed Stop all agents in the side panel: writes and tasks.start are refused until they press Resume. */
  "paused_by_user",
  /** &body.browser: the page's state hash is not the one expected (body.act expect_state, a replay step's recorded state). */
  "state_diverged",
  /** body.replay / a skill: a recorded step did something no typed action expresses (a coordinate click, a new tab). */
  "not_replayable",
  /** An explicit tabId (or the fallback visible tab) is in another agent's tab group, and the policy does not share agent tabs. */
  "tab_owned_by_other_agent",
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** Structured facts some failures carry beside their message. */
export interface ErrorDetails {
  /** confirmation_required: the held-back action, to answer with browser.confirm. */
  confirmation?: ConfirmationRequest;
}

/** A failure that carries its own code and a message telling the agent what to do next. */
export class WebOperatorError extends Error {
  readonly confirmation: ConfirmationRequest | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    details: ErrorDetails = {},
  ) {
    super(message);
    this.name = "WebOperatorError";
    this.confirmation = details.confirmation;
  }

  /** The details to put on the wire beside `error` and `code`: only the fields that are set. */
  get details(): ErrorDetails {
    return this.confirmation === undefined ? {} : { confirmation: this.confirmation };
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
