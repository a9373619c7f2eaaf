import type { ConfirmationsMode } from "../../../protocol/index.js";

/**
 * The confirmations default when neither the policy file nor the user sets one: "user"
 * when a person may be at the browser, "agent" when it runs headless (nobody could ever
 * press Allow). Headless Chromium says so in its user agent ("HeadlessChrome"), in the
 * service worker as on pages, so no launcher has to tell us.
 */
export function presenceDefault(): ConfirmationsMode {
  return runsHeadless() ? "agent" : "user";
}

/** Read once: a worker never changes between headless and headed, and the user-agent getters cost a call each. */
let headless: boolean | undefined;

function runsHeadless(): boolean {
  headless ??= readHeadless();
  return headless;
}

function readHeadless(): boolean {
  const brands = (navigator as Navigator & { userAgentData?: { brands?: Array<{ brand: string }> } }).userAgentData?.brands ?? [];
  return navigator.userAgent.includes("HeadlessChrome") || brands.some((entry) => entry.brand.includes("HeadlessChrome"));
}
