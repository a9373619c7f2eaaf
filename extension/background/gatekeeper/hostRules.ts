import ipaddr from "ipaddr.js";
import { hostMatches } from "../../../protocol/hostPatterns.js";
import type { GovernedPolicy } from "./governedPolicy.js";

/** A refusal says whether the agent's own governance made it, so the advice names the right remedy. */
export type UrlVerdict = { allowed: true } | { allowed: false; reason: string; byGovernance?: true };

/** Who refused a host, for a message: the user's policy, or the agent's own governance. */
export function refuserOf(verdict: { byGovernance?: true }): string {
  return verdict.byGovernance ? "the agent's governance" : "the policy";
}

/** What an agent can do about a refused host: its own declaration cannot be widened, the user's policy can be. */
export function remedyFor(verdict: { byGovernance?: true }): string {
  return verdict.byGovernance
    ? "Stay within the agent's authorized domains: its own governance declaration set them, and a later declaration cannot widen them."
    : "Choose another page, or ask the user to change the policy.";
}

/**
 * The domain part of the policy for one http(s) URL: blocklist first, then the
 * allowlist (when it has entries), then the acting agent's authorized domains (when its
 * governance declares them), then the optional loopback/private-range block.
 * Hosts are compared as the URL parser normalised them (lowercase, punycode, IPs canonical).
 */
export function checkHost(policy: GovernedPolicy, url: URL): UrlVerdict {
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const blocked = policy.blockedHosts.find((pattern) => hostMatches(pattern, host));
  if (blocked !== undefined) return { allowed: false, reason: `host ${host} is on the policy's blocklist (${blocked})` };
  if (policy.allowedHosts.length > 0 && !policy.allowedHosts.some((pattern) => hostMatches(pattern, host))) {
    return {
      allowed: false,
      reason: `host ${host} is not on the policy's allowlist (${policy.allowedHosts.slice(0, 5).join(", ")}${policy.allowedHosts.length > 5 ? ", …" : ""})`,
    };
  }
  const authorized = policy.authorizedDomains;
  if (authorized !== undefined && !authorized.some((pattern) => hostMatches(pattern, host))) {
    return {
      allowed: false,
      reason: `host ${host} is outside the authorized domains the agent's governance declares (${authorized.slice(0, 5).join(", ")}${authorized.length > 5 ? ", …" : ""})`,
      byGovernance: true,
    };
  }
  if (policy.blockPrivateNetworks && isPrivateHost(host)) {
    return {
      allowed: false,
      reason: `host ${host} is a loopback or private-network address, and the policy blocks those (blockPrivateNetworks)`,
    };
  }
  return { allowed: true };
}

export function isPrivateHost(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return isPrivateAddress(host);
}

/**
 * IPv4 and IPv6 literals (as URL.hostname or webRequest's `ip` spell them) outside the
 * public unicast space: loopback, private, link-local, carrier-grade NAT, benchmarking,
 * multicast, reserved, unique-local, and v6 forms that embed a v4 address (mapped,
 * 6to4, Teredo, NAT64) are all refused. ipaddr.js keeps the special-purpose registry.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() !== "unicast";
}
