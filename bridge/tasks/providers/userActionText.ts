import type { UserActionKind } from "../../../protocol/index.js";

/** What a model is told after request_user_action: whether the step was done, never its secret. */
export function userActionResultText(kind: UserActionKind, done: boolean): string {
  return done
    ? `The person says the ${kind.replace("_", " ")} step is done. Read the page again to see where it stands.`
    : `The person did not do the ${kind.replace("_", " ")} step. Do not try it yourself: finish another way, or stop and say what is needed.`;
}
