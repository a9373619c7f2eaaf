import { AGENT_POLICY_SESSION_KEY, USER_POLICY_STORAGE_KEY, type UserPolicySettings } from "../../protocol/tools/gatekeeperTools.js";
import type { WebOperatorSession } from "./webOperatorSession.js";

/**
 * Writes the user's gatekeeper settings the way a user would: into the extension's
 * chrome.storage.local, from the service worker (the agent's socket cannot loosen them).
 * They are layered on the session's baseline (its confirmations setting, if it set one);
 * `null` restores that baseline and removes the agents' session tightenings.
 */
export async function setUserPolicy(session: WebOperatorSession, settings: UserPolicySettings | null): Promise<void> {
  const target = await session.launched.browser.waitForTarget(
    (candidate) => candidate.type() === "service_worker" && candidate.url().startsWith("chrome-extension://"),
  );
  const worker = await target.worker();
  if (worker === null) throw new Error("the extension's service worker is not running");
  const layered = settings === null ? session.baselinePolicy : { ...session.baselinePolicy, ...settings };
  const writes = [
    layered === null
      ? `chrome.storage.local.remove(${JSON.stringify(USER_POLICY_STORAGE_KEY)})`
      : `chrome.storage.local.set(${JSON.stringify({ [USER_POLICY_STORAGE_KEY]: layered })})`,
    ...(settings === null ? [`chrome.storage.session.remove(${JSON.stringify(AGENT_POLICY_SESSION_KEY)})`] : []),
  ];
  await worker.evaluate(`Promise.all([${writes.join(", ")}])`);
}
