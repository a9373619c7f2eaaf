import type { Policy } from "../../../protocol/tools/gatekeeperTools.js";

export type UrlVerdict = { allowed: true } | { allowed: false; reason: string };

/**
 * The domain part of the policy for one http(s) URL: blocklist first, then the
 * allowlist (when it has entries), then the optional loopback/private-range block.
 * Hosts are compared as the URL parser normalised them (lowercase, punycode, IPs canonical).
 */
export function checkHost(policy: Policy, url: URL): UrlVerdict {
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const blocked = policy.blockedHosts.find((pattern) => hostMatches(pattern, host));
  if (blocked !== undefined) return { allowed: false, reason: `host ${host} is on the policy's blocklist (${blocked})` };
  if (policy.allowedHosts.length > 0 && !policy.allowedHosts.some((pattern) => hostMatches(pattern, host))) {
    return { allowed: false, reason: `host ${host} is not on the policy's allowlist (${policy.allowedHosts.slice(0, 5).join(", ")}${policy.allowedHosts.length > 5 ? ", …" : ""})` };
  }
  if (policy.blockPrivateNetworks && isPrivateHost(host)) {
    return { allowed: false, reason: `host ${host} is a loopback or private-network address, and the policy blocks those (blockPrivateNetworks)` };
  }
  return { allowed: true };
}

/** `example.com` matches only itself; `*.example.com` matches example.com and its subdomains. */
export function hostMatches(pattern: string, host: string): boolean {
  const normalized = pattern.toLowerCase();
  if (!normalized.startsWith("*.")) return normalized === host;
  const apex = normalized.slice(2);
  return host === apex || host.endsWith(`.${apex}`);
}

/** Whether everything `inner` matches is also matched by `outer` (for "tighten only"). */
export function patternCovers(outer: string, inner: string): boolean {
  const innerHost = inner.toLowerCase().replace(/^\*\./, "");
  return hostMatches(outer, innerHost) && (outer.startsWith("*.") || !inner.startsWith("*."));
}

export function isPrivateHost(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return isPrivateAddress(host);
}

/** IPv4 and IPv6 literals (as URL.hostname or webRequest's `ip` spell them) in loopback, private or link-local ranges. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").toLowerCase();
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(bare) ?? /^::ffff:(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(bare);
  if (v4 !== null) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  if (!bare.includes(":")) return false;
  // The URL parser spells ::ffff:127.0.0.1 as ::ffff:7f00:1.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(bare);
  if (mapped !== null) {
    const high = parseInt(mapped[1] ?? "0", 16);
    const low = parseInt(mapped[2] ?? "0", 16);
    return isPrivateAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return bare === "::1" || bare === "::" || /^f[cd][0-9a-f]{2}:/.test(bare) || /^fe[89ab][0-9a-f]:/.test(bare);
}
