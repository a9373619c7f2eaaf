import { COMMANDS, WebOperatorError, type ConfirmationsMode } from "../../protocol/index.js";
import type { ExtensionLink } from "../extensionLink.js";

const POLICY_READ_TIMEOUT_MS = 5_000;

/** The user's confirmations setting, read from the extension; "user" when it cannot be read (fail closed). */
export async function confirmationsMode(extension: ExtensionLink): Promise<ConfirmationsMode> {
  try {
    const read = COMMANDS["browser.policy_get"].result.parse(
      await extension.call({ type: "browser.policy_get", payload: {}, timeoutMs: POLICY_READ_TIMEOUT_MS }),
    );
    return read.policy.confirmations;
  } catch {
    return "user";
  }
}

/**
 * With confirmations: "user", an agent on the socket may not answer a task's confirmation
 * or what a task asks of the person (tasks.respond): only the person at the side panel
 * decides. browser.confirm is refused by the extension itself. A tasks.start with
 * autoConfirm is accepted: the engine then grants nothing itself (its answer says so), so
 * every confirmation still reaches the person.
 */
export async function assertAgentMayConfirm(type: "tasks.confirm" | "tasks.respond", extension: ExtensionLink): Promise<void> {
  if ((await confirmationsMode(extension)) !== "user") return;
  const what = type === "tasks.confirm" ? "Ask the user to Allow or Deny it there" : "Ask the user to answer the task there";
  throw new WebOperatorError(
    "policy_denied",
    `The user answers confirmations in the WebOperator side panel (their confirmations setting is "user"), so ${type} from the socket is refused. ${what}; tasks.wait or task events tell you the outcome.`,
  );
}
