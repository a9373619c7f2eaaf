import type { ConfirmationCategory } from "../../../protocol/index.js";

/**
 * URL paths that buy, pay or change an account, matched per path segment so that
 * /help/payment-options or /blog/checkout-our-new-look stay harmless. Segments are compared
 * after normalisation (normalisedSegments): decoded, matrix parameters and file extensions
 * dropped, separators removed, lower case, so /place_order, /Place-Order and /placeorder are
 * one word, and /checkout;step=pay or /checkout%2Fcomplete cannot hide the checkout.
 */
const PURCHASE_SEGMENT =
  /^(checkout|payment|pay|purchase|buy|buynow|order|placeorder|confirmorder|submitorder|completeorder|completepurchase|billing)$/;
/**
 * Plurals a careful person reads as the same step: /checkouts/TOKEN is a checkout, /payments a
 * payment. A listing such as /orders or /purchases is history to look at, unless something is
 * POSTed to it (a REST create), which the `post` words below cover.
 */
const PURCHASE_PLURAL = /^(checkouts|payments|buys)$/;
/** Sent to with POST, these create an order or move money; followed as a link, they only show a page. */
const PURCHASE_POSTED = /^(orders|purchases|transfers?|wires?|payouts?|withdrawals?|withdraw|remittances?|sendmoney|donate|donations?)$/;
const ACCOUNT_SEGMENT =
  /^(delete|close|deactivate|remove|cancel)(my)?accounts?$|^(change|update|reset)(password|email|username|phone)$|^unsubscribe$/;
/** Under an account-like segment, these next segments change it: /account/delete, /settings/password. */
const ACCOUNT_PARENT = /^(accounts?|settings|profiles?|users?|me|my)$/;
const ACCOUNT_CHILD = /^(delete|close|deactivate|remove|cancel|password|email|security|username|phone|2fa|mfa)$/;

/** How the URL is used: followed as a link or opened (get), or sent a body (post, and forms a script sends). */
export type UrlUse = "get" | "post";

export function urlCategories(url: URL, use: UrlUse = "get"): ConfirmationCategory[] {
  const segments = normalisedSegments(url.pathname);
  const found: ConfirmationCategory[] = [];
  const buys = (segment: string): boolean =>
    PURCHASE_SEGMENT.test(segment) || PURCHASE_PLURAL.test(segment) || (use === "post" && PURCHASE_POSTED.test(segment));
  if (segments.some(buys)) found.push("purchase");
  const accountPair = segments.some((segment, index) => ACCOUNT_PARENT.test(segment) && ACCOUNT_CHILD.test(segments[index + 1] ?? ""));
  if (accountPair || segments.some((segment) => ACCOUNT_SEGMENT.test(segment))) found.push("account");
  return found;
}

/**
 * A path as words: percent-decoded until stable (so %252F cannot stay hidden either), split
 * on "/" after decoding (%2F separates as "/" does, as many servers route it), each segment
 * without its matrix parameters (`;step=pay`), its extension (`.php`) and its separators
 * (`_`, `-`, `.`, spaces), in lower case.
 */
export function normalisedSegments(pathname: string): string[] {
  return decodedFully(pathname)
    .replace(/\\/g, "/")
    .split("/")
    .map((segment) =>
      (segment.split(";")[0] ?? "")
        .replace(/\.[a-z0-9]{1,5}$/i, "")
        .replace(/[\s._-]+/g, "")
        .toLowerCase(),
    )
    .filter((segment) => segment !== "");
}

function decodedFully(text: string): string {
  let current = text;
  for (let round = 0; round < 4; round++) {
    const next = decodeSegment(current);
    if (next === current) return current;
    current = next;
  }
  return current;
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
    // A lone "%" does not decode as a whole: decode the escapes that do.
    return segment.replace(/%[0-9a-f]{2}/gi, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  }
}
