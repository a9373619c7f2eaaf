import { COMMANDS, WebOperatorError, type ConfirmationsMode } from "../../protocol/index.js";
import type { ExtensionLink } from "../extensionLink.js";

const POLICY_READ_TIMEOUT_MS = 5_000;

/** The user's confirmations setting, read from the extension; "user" when it cannot be read (fail closed). */
export async function confirmationsMode(extension: ExtensionLink): Promise<ConfirmationsMode> {
  try {
    const read = COMMANDS["browser.policy_get"].result.parse(await extension.call({ type: "browser.policy_get", payload: {}, timeoutMs: POLICY_READ_TIMEOUT_MS }));
    return read.policy.confirmations;
  } catch {
    return "user";
  }
}

/**
 * With confirmations: "user", an agent on the socket may neither answer a task's
 * confirmation nor start a task that confirms for itself (autoConfirm): only the person
 * at the side panel decides. browser.confirm is refused by the extension itself.
 */
export async function assertAgentMayConfirm(type: string, payload: unknown, extension: ExtensionLink): Promise<void> {
  const autoConfirm = type === "tasks.start" && typeof payload === "object" && payload !== null && "autoConfirm" in payload && payload.autoConfirm === true;
  if (type !== "tasks.confirm" && !autoConfirm) return;
  if ((await confirmationsMode(extension)) !== "user") return;
  throw new WebOperatorError(
    "policy_denied",
    type === "tasks.confirm"
      ? "The user answers confirmations in the WebOperator side panel (their confirmations setting is \"user\"), so tasks.confirm from the socket is refused. Ask the user to Allow or Deny it there; tasks.wait or task events tell you the outcome."
      : "autoConfirm would let the task confirm its own actions, but the user answers confirmations in the WebOperator side panel (confirmations: \"user\"). Start the task without autoConfirm; the user answers each confirmation there.",
  );
}
