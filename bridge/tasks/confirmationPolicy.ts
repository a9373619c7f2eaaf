import type { ConfirmationCategory, ConfirmationRequest } from "../../protocol/index.js";

/**
 * Categories whose action is final: with autoConfirm they still wait for a person (seed:
 * the final Apply/Submit/Send/pay). The categories are the gatekeeper's own decision,
 * carried in confirmation_required's `confirmation`, so a task and an agent are judged alike.
 */
const FINAL_CATEGORIES: ReadonlySet<ConfirmationCategory> = new Set(["submit", "purchase", "messaging"]);

/** With autoConfirm, every gated call is granted except one that sends, buys or messages. */
export function autoConfirmAllows(request: ConfirmationRequest): boolean {
  return !request.categories.some((category) => FINAL_CATEGORIES.has(category));
}
