import type { z } from "zod";
import type { ConfirmationRequest } from "./confirmation.js";

/** Every machine-readable failure an agent can see. What each means is in ERROR_MEANINGS (errorMeanings.ts), rendered into docs/errors.md. */
export const ERROR_CODES = [
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
  "obscured",
  "target_changed",
  "page_checks_failed",
  "dispatch_failed",
  "confirmation_required",
  "policy_denied",
  "unsupported_frame",
  "upload_refused",
  "empty_snapshot",
  "not_found",
  "store_unavailable",
  "provider_not_configured",
  "attachment_refused",
  "provider_error",
  "invalid_state",
  "task_failed",
  "model_output_invalid",
  "paused_by_user",
  "state_diverged",
  "not_replayable",
  "tab_owned_by_other_agent",
  "dialog_patch_failed",
  "send_hold_failed",
  "recovery_failed",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Where a write command's failure happened, so an agent knows without parsing the message
 * whether the page was touched: `precheck` (refused before anything was dispatched),
 * `dispatch` (the input or DOM write itself failed), `verify` (dispatched; what it led to
 * was checked and failed), `stale_ref` (the ref no longer names an element of this
 * document), `recovery` (dispatched; putting the page back as it was failed).
 * Reads never carry one.
 */
export const FAILURE_STAGES = ["precheck", "dispatch", "verify", "stale_ref", "recovery"] as const;
export type FailureStage = (typeof FAILURE_STAGES)[number];

/** Structured facts some failures carry beside their message. */
export interface ErrorDetails {
  /** confirmation_required: the held-back action, to answer with browser.confirm. */
  confirmation?: ConfirmationRequest;
  /** A write command's failure: the stage it failed at. */
  stage?: FailureStage;
}

/** A failure that carries its own code and a message telling the agent what to do next. */
export class WebOperatorError extends Error {
  readonly confirmation: ConfirmationRequest | undefined;
  readonly stage: FailureStage | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    details: ErrorDetails = {},
  ) {
    super(message);
    this.name = "WebOperatorError";
    this.confirmation = details.confirmation;
    this.stage = details.stage;
  }

  /** The details to put on the wire beside `error` and `code`: only the fields that are set. */
  get details(): ErrorDetails {
    return {
      ...(this.confirmation === undefined ? {} : { confirmation: this.confirmation }),
      ...(this.stage === undefined ? {} : { stage: this.stage }),
    };
  }

  /** The same failure placed at a stage (or with its stage taken off): the message and other details stay. */
  atStage(stage: FailureStage | undefined): WebOperatorError {
    if (stage === this.stage) return this;
    const placed = new WebOperatorError(this.code, this.message, {
      ...(this.confirmation === undefined ? {} : { confirmation: this.confirmation }),
      ...(stage === undefined ? {} : { stage }),
    });
    placed.stack = this.stack;
    return placed;
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
