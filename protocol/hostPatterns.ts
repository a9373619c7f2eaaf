/**
 * Host patterns as the policy and a governance declaration spell them, judged the same way
 * by the extension's gatekeeper and the bridge (which checks that a new declaration only narrows).
 */

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
