/**
 * The URLs a request sent with a body (POST, PUT, PATCH, DELETE) must not reach unconfirmed,
 * as regular expressions both Chrome's declarativeNetRequest (RE2, matched case-insensitively
 * against the URL as Chrome sends it) and the content script's JavaScript accept. They mirror
 * the gatekeeper's URL judgement for sends (consequentialUrls.ts, `post`): a whole path
 * segment, after an encoded `%2F` as after `/`, before a matrix parameter (`;step=pay`), an
 * extension, the query or the end; `_`, `-` and `.` may separate words. A unit test holds the
 * two in agreement. Each pattern is kept small: Chrome refuses a regex over 2 KB of RE2 memory
 * (isRegexSupported's memoryLimitExceeded), so the words are split over several rules.
 */
const BEFORE = "^https?://[^/?#]+/(?:[^?#]*(?:/|%2[fF]))?";
const AFTER = "(?:[/;?#.]|%2[fF]|$)";
const SEP = "[-_.]?";
/** Between an account-like segment and the change under it. */
const SLASH = "(?:/|%2[fF])";

export interface PostPattern {
  category: "purchase" | "account";
  regex: string;
}

const words = (category: PostPattern["category"], alternatives: string): PostPattern => ({
  category,
  regex: `${BEFORE}(?:${alternatives})${AFTER}`,
});

const PURCHASE_WORDS = [
  `checkouts?|check${SEP}out|billing`,
  "payments?|pay|purchases?",
  `buys?|buy${SEP}now|orders?`,
  `(?:place|confirm|submit|complete)${SEP}(?:orders?|purchases?)`,
  "transfers?|wires?|payouts?",
  "withdraw(?:als?)?|remittances?",
  `send${SEP}money|donate|donations?`,
];
const ACCOUNT_WORDS = [
  `(?:delete|close|deactivate|remove|cancel)${SEP}(?:my${SEP})?accounts?`,
  `(?:change|update|reset)${SEP}(?:password|e-?mail|username|phone)|unsubscribe`,
];
const ACCOUNT_PARENTS = ["accounts?|settings", "profiles?|users?", "me|my"];
const ACCOUNT_CHILDREN = ["delete|close|deactivate", "remove|cancel|security", "password|email|username", "phone|2fa|mfa"];

/** Small alternations, one rule each: the cross product of parents and children stays under Chrome's limit only in pieces. */
export const CONSEQUENTIAL_POST_PATTERNS: readonly PostPattern[] = [
  ...PURCHASE_WORDS.map((alternatives) => words("purchase", alternatives)),
  ...ACCOUNT_WORDS.map((alternatives) => words("account", alternatives)),
  ...ACCOUNT_PARENTS.flatMap((parents) => ACCOUNT_CHILDREN.map((children) => words("account", `(?:${parents})${SLASH}(?:${children})`))),
];

/** The category a sent-to URL falls in, or null: the content script's judgement of a POST form navigation. */
export function postCategory(url: string, categories: ReadonlySet<string>): PostPattern["category"] | null {
  for (const pattern of CONSEQUENTIAL_POST_PATTERNS)
    if (categories.has(pattern.category) && new RegExp(pattern.regex, "i").test(url)) return pattern.category;
  return null;
}
