import type { ConfirmationRequest } from "../../protocol/index.js";

/**
 * How to answer, as the user's confirmations setting allows: with the "user" setting the
 * bridge refuses `weboperator confirm`, so the hint names the side panel instead.
 */
function answerHint(confirmation: ConfirmationRequest): string {
  if (confirmation.answeredBy === "user") {
    return 'the person at the browser answers: Allow or Deny in the WebOperator side panel (its toolbar icon opens it); weboperator confirm is refused while their confirmations setting is "user"';
  }
  return `weboperator confirm ${confirmation.id}   (or: weboperator confirm ${confirmation.id} --deny)`;
}

/** A confirmation_required's `confirmation` as the CLI prints it under the error: what, where, until when, and how to answer. */
export function confirmationText(confirmation: ConfirmationRequest): string {
  const target = confirmation.target === null ? "" : ` on ${confirmation.target.role || "element"} "${confirmation.target.name}"`;
  return [
    `confirmation ${confirmation.id}: ${confirmation.categories.join(", ")}${target}`,
    `  tool:    ${confirmation.tool}`,
    `  page:    ${confirmation.url}`,
    `  reason:  ${confirmation.reason}`,
    `  expires: ${confirmation.expiresAt}`,
    `  answer:  ${answerHint(confirmation)}`,
    "",
  ].join("\n");
}
