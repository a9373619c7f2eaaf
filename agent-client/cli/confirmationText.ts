import type { ConfirmationRequest } from "../../protocol/index.js";

/** A confirmation_required's `confirmation` as the CLI prints it under the error: what, where, until when, and how to answer. */
export function confirmationText(confirmation: ConfirmationRequest): string {
  const target = confirmation.target === null ? "" : ` on ${confirmation.target.role || "element"} "${confirmation.target.name}"`;
  return [
    `confirmation ${confirmation.id}: ${confirmation.categories.join(", ")}${target}`,
    `  tool:    ${confirmation.tool}`,
    `  page:    ${confirmation.url}`,
    `  reason:  ${confirmation.reason}`,
    `  expires: ${confirmation.expiresAt}`,
    `  answer:  weboperator confirm ${confirmation.id}   (or: weboperator confirm ${confirmation.id} --deny)`,
    "",
  ].join("\n");
}
