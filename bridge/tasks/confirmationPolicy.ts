import type { ConfirmationCategory, ConfirmationRequest, ConfirmationsMode, TaskAutoConfirm } from "../../protocol/index.js";

/**
 * Categories whose action is final: with autoConfirm they still wait for a person (the
 * final Apply/Submit/Send/pay is the user's to press). The categories are the gatekeeper's own decision,
 * carried in confirmation_required's `confirmation`, so a task and an agent are judged alike.
 */
const FINAL_CATEGORIES: ReadonlySet<ConfirmationCategory> = new Set(["submit", "purchase", "messaging"]);

/**
 * With autoConfirm, every gated call is granted except one that sends, buys or messages, and,
 * under a governance that asks for explicit authorization of credential forms, one that
 * submits credentials.
 */
export function autoConfirmAllows(request: ConfirmationRequest, credentialsNeedAnswer = false): boolean {
  return !request.categories.some((category) => FINAL_CATEGORIES.has(category) || (credentialsNeedAnswer && category === "credentials"));
}

/**
 * What a requested autoConfirm becomes. When the user answers confirmations ("user"), a task
 * an agent started grants nothing itself: the agent asked, but the person decides. A task the
 * person started in the side panel keeps the autoConfirm they chose there.
 */
export function effectiveAutoConfirm(requested: boolean, startedByAgent: boolean, mode: ConfirmationsMode): TaskAutoConfirm {
  if (!requested) return { requested, effective: false, reason: null };
  if (startedByAgent && mode === "user") {
    return {
      requested,
      effective: false,
      reason:
        'The user answers confirmations in the WebOperator side panel (confirmations: "user"), so this task grants none itself: every confirmation it meets waits for the user there. tasks.wait or task events tell you the outcome.',
    };
  }
  return { requested, effective: true, reason: "Final submit, apply, send and pay controls still wait for whoever answers confirmations." };
}
