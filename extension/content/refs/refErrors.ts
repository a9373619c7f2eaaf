import { WebOperatorError } from "../../../protocol/errors.js";

/** Every ref failure names the ref and tells the agent to fetch a fresh one. */
export const refErrors = {
  malformed: (raw: string): WebOperatorError =>
    new WebOperatorError(
      "invalid_ref",
      `"${raw.slice(0, 60)}" is not a WebOperator ref; copy the text inside [ref=...] from the latest browser.snapshot.`,
    ),
  otherDocument: (ref: string): WebOperatorError =>
    new WebOperatorError("stale_ref", `Ref ${ref} is from a previous page or another document; call browser.snapshot and use a fresh ref.`),
  neverIssued: (ref: string): WebOperatorError =>
    new WebOperatorError("invalid_ref", `Ref ${ref} was never issued on this page; copy a ref from the latest browser.snapshot.`),
  frameReplaced: (ref: string): WebOperatorError =>
    new WebOperatorError(
      "stale_ref",
      `Ref ${ref} points into a frame that was removed or navigated; call browser.snapshot and use a fresh ref.`,
    ),
  gone: (ref: string, described: string): WebOperatorError =>
    new WebOperatorError(
      "stale_ref",
      `Ref ${ref} (${described}) is no longer on the page and no unique replacement was found; call browser.snapshot and use a fresh ref.`,
    ),
  ambiguous: (ref: string, described: string): WebOperatorError =>
    new WebOperatorError(
      "stale_ref",
      `Ref ${ref} (${described}) was re-rendered and several elements now match it; call browser.snapshot and use a fresh ref.`,
    ),
};
