import { WebOperatorError, type Capability, type UploadGrant } from "../../../protocol/index.js";
import { USER_POLICY_STORAGE_KEY, type Policy } from "../../../protocol/tools/gatekeeperTools.js";
import { parseHttpUrl, shortenUrl } from "../httpUrl.js";
import { checkHost, refuserOf, remedyFor } from "./hostRules.js";
import type { GovernedPolicy } from "./governedPolicy.js";

/** Where the user's settings are, for messages that send an agent to the user. */
export const USER_SETTINGS_PLACE = `the side panel's Settings (stored in the extension's local storage as "${USER_POLICY_STORAGE_KEY}")`;
const HOW_TO_ENABLE = `The user can enable it in ${USER_SETTINGS_PLACE}`;

/**
 * JavaScript and uploads are off unless the user turned them on (Claude toolset, security rule 5).
 * A task's upload of its own attachments is allowed without allowUploads: the user gave those
 * files to that task, and the bridge vouches (uploadGrant) that the bytes are them.
 */
export function checkCapabilities(toolName: string, capability: Capability | undefined, policy: Policy, uploadGrant?: UploadGrant): void {
  if (capability === "javascript" && !policy.allowJavaScript) {
    throw new WebOperatorError(
      "policy_denied",
      `${toolName} is off by default: page JavaScript runs with the site's cookies and storage. ${HOW_TO_ENABLE} with allowJavaScript: true; browser.policy_set cannot turn it on. Use browser.snapshot or browser.extract to read the page instead.`,
    );
  }
  const ownAttachments = uploadGrant === "task_attachments" && toolName === "browser.upload_file";
  if (capability === "uploads" && !policy.allowUploads && !ownAttachments) {
    throw new WebOperatorError(
      "policy_denied",
      `${toolName} is off by default: a page could steer an upload of any readable file. ${HOW_TO_ENABLE} with allowUploads: true; browser.policy_set cannot turn it on.`,
    );
  }
}

/** A URL an action asks to open: http(s) only, then the domain rules. */
export function checkOpenUrl(policy: GovernedPolicy, raw: string): void {
  const url = parseHttpUrl(raw);
  const verdict = checkHost(policy, url);
  if (!verdict.allowed) {
    throw new WebOperatorError("policy_denied", `Opening ${shortenUrl(url.href)} is denied: ${verdict.reason}. ${remedyFor(verdict)}`);
  }
}

/** The page a tool reads or acts on must itself be allowed; non-web pages are left to the tool to refuse. */
export function checkPage(policy: GovernedPolicy, tabId: number, pageUrl: string): void {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return;
  const verdict = checkHost(policy, url);
  if (!verdict.allowed) {
    throw new WebOperatorError(
      "policy_denied",
      `Tab ${tabId} shows ${shortenUrl(url.href)}, and ${refuserOf(verdict)} forbids it (${verdict.reason}). Navigate the tab to an allowed page (browser.navigate) or use another tab.`,
    );
  }
}

export function originOf(pageUrl: string | undefined): string {
  try {
    return new URL(pageUrl ?? "").origin;
  } catch {
    return "null";
  }
}
