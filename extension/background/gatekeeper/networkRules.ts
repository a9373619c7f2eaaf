import type { Policy } from "../../../protocol/tools/gatekeeperTools.js";

/**
 * The network half of the gatekeeper as declarativeNetRequest session rules: every request
 * an agent tab's documents make (subresources, fetch/XHR, WebSocket, beacons, frames), not
 * only the top-level navigations the NavigationGuard sees. Top-level loads stay with the
 * guard, which answers the agent policy_denied instead of a failed page. Pure: the rules
 * are plain objects, so unit tests can check them against URLs.
 */

/** Session rule ids 9000-9999 are this module's (9000 the agent document mark); nothing else in the extension uses session rules. */
export const NETWORK_RULE_IDS = { first: 9000, last: 9999 } as const;

export const SUBRESOURCE_TYPES = [
  "sub_frame",
  "stylesheet",
  "script",
  "image",
  "font",
  "object",
  "xmlhttprequest",
  "ping",
  "csp_report",
  "media",
  "websocket",
  "webtransport",
  "webbundle",
  "other",
] as const;

export interface NetworkBlockRule {
  id: number;
  priority: number;
  action: { type: "block" };
  condition: { regexFilter: string; resourceTypes: Array<(typeof SUBRESOURCE_TYPES)[number]>; tabIds: number[] };
}

/** Marks agent tabs' documents, which the MAIN-world dialog recorder reads at document_start (agentDialogs.iife.ts). */
export interface AgentDocumentMarkRule {
  id: number;
  priority: number;
  action: { type: "modifyHeaders"; responseHeaders: Array<{ header: "server-timing"; operation: "append"; value: string }> };
  condition: { resourceTypes: Array<"main_frame" | "sub_frame">; tabIds: number[] };
}

/** Scheme and userinfo in front of the host, as Chrome's canonical URLs spell them. */
const PREFIX = "^(?:https?|wss?)://(?:[^/?#@]*@)?";
/** After the host: a port, then the path, query, fragment or the end. */
const SUFFIX = "(?::[0-9]+)?(?:[/?#]|$)";

/**
 * Hosts outside public unicast space, as regexes over the canonical host (the URL parser has
 * already turned 0x7f.1 and 2130706433 into 127.0.0.1, and compressed IPv6): the ranges
 * hostRules.ts's isPrivateAddress refuses.
 */
const PRIVATE_HOSTS = [
  "(?:[^/?#@:]+\\.)?localhost",
  "(?:0|10|127)\\.[0-9.]+",
  "169\\.254\\.[0-9.]+",
  "172\\.(?:1[6-9]|2[0-9]|3[01])\\.[0-9.]+",
  "192\\.168\\.[0-9.]+",
  "192\\.0\\.[02]\\.[0-9]+",
  "100\\.(?:6[4-9]|[7-9][0-9]|1[01][0-9]|12[0-7])\\.[0-9.]+",
  "198\\.(?:1[89])\\.[0-9.]+",
  "198\\.51\\.100\\.[0-9]+",
  "203\\.0\\.113\\.[0-9]+",
  "(?:22[4-9]|2[3-5][0-9])\\.[0-9.]+",
  // IPv6: unspecified and loopback, unique-local, link-local, multicast, and forms embedding IPv4.
  "\\[(?:::1?|f[cd][0-9a-f]*:[0-9a-f:.]*|fe[89ab][0-9a-f]*:[0-9a-f:.]*|ff[0-9a-f]*:[0-9a-f:.]*|::ffff:[0-9a-f:.]*|64:ff9b:[0-9a-f:.]*|2002:[0-9a-f:.]*|2001:0?:[0-9a-f:.]*)\\]",
];

function escapeHost(host: string): string {
  return host.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A policy host pattern as hostRules.ts matches it: `a.com` only itself, `*.a.com` it and its subdomains. */
export function hostPatternRegex(pattern: string): string {
  const wildcard = pattern.startsWith("*.");
  const apex = escapeHost(wildcard ? pattern.slice(2) : pattern).replace(/\\\.$/, "");
  return `${PREFIX}${wildcard ? "(?:[^/?#@:]+\\.)?" : ""}${apex}${SUFFIX}`;
}

/** The block rules for a policy, applied in `tabIds` (the agent tabs); none when no tab is an agent's. */
export function networkRules(policy: Policy, tabIds: readonly number[]): NetworkBlockRule[] {
  if (tabIds.length === 0) return [];
  const filters = [
    ...policy.blockedHosts.map(hostPatternRegex),
    ...(policy.blockPrivateNetworks ? PRIVATE_HOSTS.map((host) => `${PREFIX}${host}${SUFFIX}`) : []),
  ];
  return filters.slice(0, NETWORK_RULE_IDS.last - NETWORK_RULE_IDS.first).map((regexFilter, index) => ({
    id: NETWORK_RULE_IDS.first + 1 + index,
    priority: 1,
    action: { type: "block" },
    condition: { regexFilter, resourceTypes: [...SUBRESOURCE_TYPES], tabIds: [...tabIds] },
  }));
}

/** The document mark for agent tabs (the first rule id); none when no tab is an agent's. */
export function agentDocumentMark(tabIds: readonly number[], timingName: string): AgentDocumentMarkRule[] {
  if (tabIds.length === 0) return [];
  return [
    {
      id: NETWORK_RULE_IDS.first,
      priority: 1,
      action: { type: "modifyHeaders", responseHeaders: [{ header: "server-timing", operation: "append", value: timingName }] },
      condition: { resourceTypes: ["main_frame", "sub_frame"], tabIds: [...tabIds] },
    },
  ];
}

/** Session rule ids of the per-write governance rules (governedWriteRule.ts); the rules above own 9000-9999. */
export const WRITE_RULE_IDS = { first: 8000, last: 8999 } as const;

/**
 * A governed write's rule (governedWriteRule.ts): blocks the top-level loads of the tab it runs
 * in outside the agent's authorized domains. `excludedRequestDomains` also lets subdomains of an
 * exact pattern through (`a.com` lets `x.a.com` pass here); the NavigationGuard stops those.
 */
export interface GovernanceBlockRule {
  id: number;
  priority: number;
  action: { type: "block" };
  condition: { urlFilter: "|http"; resourceTypes: Array<"main_frame">; tabIds: number[]; excludedRequestDomains: string[] };
}

/** A host as declarativeNetRequest's domain conditions take it: lower-case ASCII labels. */
const DNR_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

/**
 * The rule for `authorized` in `tabId`, or null when Chrome's domain conditions cannot express
 * it: Chrome refuses a domain it cannot read (an IPv6 literal, an underscore), and a rule missing
 * one authorized host would block that host. Such a declaration is held by the guard alone.
 */
export function governanceRule(id: number, tabId: number, authorized: readonly string[]): GovernanceBlockRule | null {
  const domains = [...new Set(authorized.map((pattern) => pattern.toLowerCase().replace(/^\*\./, "").replace(/\.$/, "")))];
  if (domains.length === 0 || !domains.every((domain) => DNR_DOMAIN.test(domain))) return null;
  return {
    id,
    priority: 2,
    action: { type: "block" },
    condition: { urlFilter: "|http", resourceTypes: ["main_frame"], tabIds: [tabId], excludedRequestDomains: domains },
  };
}

/** Session rule ids of the send holds (sendHold.ts). */
export const SEND_HOLD_RULE_IDS = { first: 7000, last: 7999 } as const;

/** The requests a page's script sends with a body: fetch and XHR, beacons, and what Chrome files as other. */
export const HELD_SEND_TYPES = ["xmlhttprequest", "ping", "other"] as const;

export interface SendHoldRule {
  id: number;
  priority: number;
  action: { type: "block" };
  condition: {
    regexFilter: string;
    requestMethods: Array<"post" | "put" | "patch" | "delete">;
    resourceTypes: Array<(typeof HELD_SEND_TYPES)[number]>;
    tabIds: number[];
  };
}

/**
 * A rule per pattern (consequentialPostPatterns.ts), standing for every tab held in its category:
 * requests with a body to those URLs from those tabs are blocked before they leave. One rule
 * covers all the tabs, so 50 agents' tabs cost the same 21 regex rules as one (Chrome allows
 * 1,000 regex rules in all), and a pattern no tab is held for has no rule. Each rule keeps its
 * pattern's id, so the set of ids to clear is fixed.
 */
export function sendHoldRules(
  patterns: ReadonlyArray<{ category: string; regex: string }>,
  tabsByCategory: ReadonlyMap<string, readonly number[]>,
): SendHoldRule[] {
  return patterns.flatMap((pattern, index) => {
    const tabIds = tabsByCategory.get(pattern.category) ?? [];
    if (tabIds.length === 0) return [];
    return [
      {
        id: SEND_HOLD_RULE_IDS.first + index,
        priority: 3,
        action: { type: "block" as const },
        condition: {
          regexFilter: pattern.regex,
          requestMethods: ["post" as const, "put" as const, "patch" as const, "delete" as const],
          resourceTypes: [...HELD_SEND_TYPES],
          tabIds: [...tabIds],
        },
      },
    ];
  });
}
