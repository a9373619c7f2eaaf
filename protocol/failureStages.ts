import type { ErrorCode, FailureStage } from "./errors.js";

/** What each stage tells an agent; rendered into docs/errors.md. */
export const FAILURE_STAGE_MEANINGS: Record<FailureStage, string> = {
  precheck:
    "Refused before anything was dispatched (target checks, the gatekeeper, the dialog patch): the page was not touched. Fix the cause and retry.",
  dispatch: "The input or DOM write itself failed (CDP refused it, the page's code threw). It may have partly run: look before retrying.",
  verify:
    "Dispatched; what it led to was checked afterwards and failed (its navigation failed, or ended where the policy forbids). Do not repeat it blindly: look first.",
  stale_ref: "The ref no longer names an element of the page's current document. Take a new snapshot and use its refs.",
  recovery:
    "Dispatched, and the message says what it did; putting the page back afterwards (restoring its dialog functions) failed. Do not repeat it.",
};

/**
 * The stage a write's failure has when the code that raised it did not say: one entry per
 * code, so a new code does not type-check until it is placed. null: the code says nothing
 * about how far the write got (a timeout, a bug), so no stage is claimed.
 * The write path (writeAction.ts) sets the stage where it knows better: a not_found from the
 * page before dispatch is a precheck, anything after the dispatch is verify or recovery.
 */
export const DEFAULT_FAILURE_STAGE: Record<ErrorCode, FailureStage | null> = {
  unauthorized: null,
  bad_request: "precheck",
  unknown_command: null,
  frame_too_large: null,
  extension_disconnected: null,
  timeout: null,
  stale_ref: "stale_ref",
  invalid_ref: "precheck",
  navigation_refused: "precheck",
  navigation_failed: "verify",
  tab_not_found: "precheck",
  unsupported_page: "precheck",
  not_actionable: "precheck",
  invalid_key: "precheck",
  debugger_unavailable: "dispatch",
  payload_too_large: "precheck",
  not_implemented: "precheck",
  internal_error: null,
  obscured: "precheck",
  target_changed: "precheck",
  page_checks_failed: "precheck",
  dispatch_failed: "dispatch",
  confirmation_required: "precheck",
  policy_denied: "precheck",
  unsupported_frame: "precheck",
  upload_refused: "precheck",
  empty_snapshot: "precheck",
  not_found: "precheck",
  store_unavailable: null,
  provider_not_configured: null,
  attachment_refused: "precheck",
  provider_error: null,
  invalid_state: "precheck",
  task_failed: null,
  model_output_invalid: null,
  paused_by_user: "precheck",
  state_diverged: "precheck",
  not_replayable: "precheck",
  tab_owned_by_other_agent: "precheck",
  dialog_patch_failed: "precheck",
  send_hold_failed: "precheck",
  recovery_failed: "recovery",
};
