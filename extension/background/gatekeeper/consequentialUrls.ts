import type { ConfirmationCategory } from "../../../protocol/index.js";

/**
 * URL paths that buy, pay or change an account, matched per path segment so that
 * /help/payment-options or /blog/checkout-our-new-look stay harmless.
 */
const PURCHASE_SEGMENT =
  /^(checkout|check-out|payment|payments|pay|purchase|buy|order|place-?order|confirm-?order|submit-?order|complete-?order|billing)$/i;
const ACCOUNT_SEGMENT =
  /^(delete|close|deactivate|remove|cancel)-?(my-?)?account$|^(change|update|reset)-?(password|email|username|phone)$|^unsubscribe$/i;
/** Under an account-like segment, these next segments change it: /account/delete, /settings/password. */
const ACCOUNT_PARENT = /^(account|accounts|settings|profile|user|users|me|my)$/i;
const ACCOUNT_CHILD = /^(delete|close|deactivate|remove|cancel|password|email|security|username|phone|2fa|mfa)$/i;

export function urlCategories(url: URL): ConfirmationCategory[] {
  const segments = url.pathname
    .split("/")
    .map((segment) => decodeSegment(segment).replace(/\.[a-z0-9]{1,5}$/i, ""))
    .filter((segment) => segment !== "");
  const found: ConfirmationCategory[] = [];
  if (segments.some((segment) => PURCHASE_SEGMENT.test(segment))) found.push("purchase");
  const accountPair = segments.some((segment, index) => ACCOUNT_PARENT.test(segment) && ACCOUNT_CHILD.test(segments[index + 1] ?? ""));
  if (accountPair || segments.some((segment) => ACCOUNT_SEGMENT.test(segment))) found.push("account");
  return found;
}

/** A URL from the page or the agent, or null when it does not parse (a form posting to itself has none). */
export function parseUrl(raw: string | undefined): URL | null {
  if (raw === undefined || raw === "") return null;
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
