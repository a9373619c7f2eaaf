import { PolicyConfirmationCategorySchema, type Policy } from "../../../protocol/tools/gatekeeperTools.js";
import { patternCovers } from "../../../protocol/hostPatterns.js";

/**
 * Every way `next` allows something `current` did not. browser.policy_set refuses a
 * change with any of these unless the user set socketMayLoosen, so an agent (or a page
 * that talked it into something) can narrow its own permissions but never widen them.
 * The confirmation timeout is not a permission: a shorter or longer wait is allowed.
 */
export function loosenings(current: Policy, next: Policy): string[] {
  const found: string[] = [];
  if (current.allowedHosts.length > 0) {
    if (next.allowedHosts.length === 0) found.push("allowedHosts: an empty allowlist would allow every host");
    for (const pattern of next.allowedHosts) {
      if (!current.allowedHosts.some((existing) => patternCovers(existing, pattern)))
        found.push(`allowedHosts: ${pattern} is not within the current allowlist`);
    }
  }
  for (const pattern of current.blockedHosts) {
    if (!next.blockedHosts.some((kept) => patternCovers(kept, pattern))) found.push(`blockedHosts: ${pattern} would be unblocked`);
  }
  if (current.blockPrivateNetworks && !next.blockPrivateNetworks) found.push("blockPrivateNetworks: true -> false");
  if (!current.allowJavaScript && next.allowJavaScript) found.push("allowJavaScript: false -> true");
  if (!current.allowUploads && next.allowUploads) found.push("allowUploads: false -> true");
  if (!current.shareAgentTabs && next.shareAgentTabs) found.push("shareAgentTabs: false -> true");
  for (const category of PolicyConfirmationCategorySchema.options) {
    if (current.confirm[category] && !next.confirm[category]) found.push(`confirm.${category}: true -> false`);
  }
  if (current.confirmations === "user" && next.confirmations === "agent")
    found.push('confirmations: "user" -> "agent" (agents would answer their own confirmations)');
  return found;
}

/** Top-level fields (and confirm.<category>) whose values differ. */
export function changedFields(before: Policy, after: Policy): string[] {
  const changed: string[] = [];
  for (const key of Object.keys(after) as Array<keyof Policy>) {
    if (key === "confirm") {
      for (const category of PolicyConfirmationCategorySchema.options) {
        if (before.confirm[category] !== after.confirm[category]) changed.push(`confirm.${category}`);
      }
    } else if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changed.push(key);
    }
  }
  return changed;
}
