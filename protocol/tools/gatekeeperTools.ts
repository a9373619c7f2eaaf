import { z } from "zod";
import { command, type CommandSpec } from "../commandSpec.js";
import { ConfirmationsModeSchema } from "../panel/panelConfirmations.js";

/**
 * The gatekeeper's policy (docs/gatekeeper.md). The extension bundles a default policy file; user settings in
 * chrome.storage.local override it field by field.
 */

/** `example.com` matches that host only; `*.example.com` matches it and every subdomain. IPs and `[::1]` too. */
export const HostPatternSchema = z
  .string()
  .min(1)
  .max(253)
  .regex(/^(\*\.)?(\[[0-9a-f:.]+\]|[a-z0-9_-]+(\.[a-z0-9_-]+)*)$/i, {
    message:
      'a host pattern is a hostname ("example.com"), a wildcard ("*.example.com"), or an IP literal ("127.0.0.1", "[::1]"), without scheme or port',
  });

export { ConfirmationCategorySchema, PolicyConfirmationCategorySchema, type ConfirmationCategory } from "../confirmation.js";

export const ConfirmCategoriesSchema = z.strictObject({
  purchase: z.boolean(),
  account: z.boolean(),
  messaging: z.boolean(),
  credentials: z.boolean(),
  submit: z.boolean(),
});

export const PolicySchema = z.strictObject({
  /** Empty: every host not blocked may be opened. Non-empty: only these. */
  allowedHosts: z.array(HostPatternSchema).max(500),
  /** Always wins over allowedHosts. */
  blockedHosts: z.array(HostPatternSchema).max(500),
  /** localhost and every address outside public unicast space (loopback, private, link-local, CGNAT, benchmarking, ...). */
  blockPrivateNetworks: z.boolean(),
  /** browser.run_javascript. */
  allowJavaScript: z.boolean(),
  /** browser.upload_file. */
  allowUploads: z.boolean(),
  /** Which confirmation categories are enforced; a false one lets such actions run unasked. */
  confirm: ConfirmCategoriesSchema,
  /** An unanswered confirmation is denied after this long. */
  confirmationTimeoutMs: z.number().int().min(1_000).max(600_000),
  /**
   * false (the default): browser.policy_set may only tighten the policy, so an agent can
   * never widen what it may do. Only the user (chrome.storage.local, see docs/gatekeeper.md) sets this.
   */
  socketMayLoosen: z.boolean(),
  /**
   * Who answers confirmations: "agent" (browser.confirm / tasks.confirm on the socket) or
   * "user" (only the side panel). When neither the policy file nor the user sets it, the
   * extension picks "user" unless the browser runs headless (no person to ask).
   */
  confirmations: ConfirmationsModeSchema.default("user"),
  /**
   * false (the default): an agent acting on a tab in another agent's group gets
   * tab_owned_by_other_agent. true: agents may act in each other's tabs (the tab keeps its owner).
   */
  shareAgentTabs: z.boolean(),
});
export type Policy = z.infer<typeof PolicySchema>;

/** What browser.policy_set takes: any subset of the fields; confirm may be partial too. */
export const PolicyPatchSchema = z.strictObject({
  allowedHosts: PolicySchema.shape.allowedHosts.optional(),
  blockedHosts: PolicySchema.shape.blockedHosts.optional(),
  blockPrivateNetworks: z.boolean().optional(),
  allowJavaScript: z.boolean().optional(),
  allowUploads: z.boolean().optional(),
  confirm: ConfirmCategoriesSchema.partial().optional(),
  confirmationTimeoutMs: PolicySchema.shape.confirmationTimeoutMs.optional(),
  /** From the socket only "user" (a tightening) is accepted. */
  confirmations: ConfirmationsModeSchema.optional(),
  shareAgentTabs: z.boolean().optional(),
});
export type PolicyPatch = z.infer<typeof PolicyPatchSchema>;

/** User settings in chrome.storage.local: a patch that may also set socketMayLoosen. */
export const UserPolicySettingsSchema = PolicyPatchSchema.extend({ socketMayLoosen: z.boolean().optional() });
export type UserPolicySettings = z.infer<typeof UserPolicySettingsSchema>;

/** chrome.storage.local key the user's policy settings live under. */
export const USER_POLICY_STORAGE_KEY = "weboperator.policy";

/** chrome.storage.session key of the tightenings agents made with browser.policy_set (cleared when the browser restarts). */
export const AGENT_POLICY_SESSION_KEY = "weboperator.policy.agent";

export const PolicyGetResultSchema = z.object({
  policy: PolicySchema,
  /** Fields the user's settings override in the bundled policy file. */
  userOverrides: z.array(z.string()),
  /** Fields agents tightened with browser.policy_set; they last until the browser restarts. */
  agentOverrides: z.array(z.string()),
});

export const PolicySetResultSchema = z.object({
  policy: PolicySchema,
  /** Fields whose effective value changed. */
  changed: z.array(z.string()),
});

export const ConfirmPayloadSchema = z.strictObject({
  /** The id of a confirmation_required error's `confirmation` (also in its message: "confirmation id: cf_…"). */
  id: z.string().min(1).max(64),
  allow: z.boolean(),
});
export const ConfirmResultSchema = z.object({
  id: z.string(),
  /** The gated command, e.g. "browser.click". */
  tool: z.string(),
  allowed: z.boolean(),
  /** The gated command's own result when allowed. */
  result: z.unknown().optional(),
});

export const GATEKEEPER_TOOL_COMMANDS = {
  "browser.policy_get": command({
    trust: "own",
    payload: z.strictObject({}),
    result: PolicyGetResultSchema,
    handledBy: "extension",
    group: "policy",
    description:
      "The effective gatekeeper policy: allowed and blocked hosts, JavaScript, uploads, confirmations.\n\nAnswers {policy: {allowedHosts, blockedHosts, blockPrivateNetworks, allowJavaScript, allowUploads, confirm, confirmationTimeoutMs, socketMayLoosen, confirmations, shareAgentTabs}, userOverrides, agentOverrides}.",
    example: {},
    level: "L0",
    effects: "read",
    gated: false,
  }),
  "browser.policy_set": command({
    trust: "own",
    payload: PolicyPatchSchema,
    result: PolicySetResultSchema,
    handledBy: "extension",
    group: "policy",
    description:
      "Tightens the gatekeeper policy until the browser restarts (it can never be loosened from here).\n\nAnswers {policy, changed}; a loosening from the socket is policy_denied.",
    example: { blockedHosts: ["*.evil.test"] },
    level: "L0",
    effects: "write",
    gated: false,
  }),
  "browser.confirm": command({
    payload: ConfirmPayloadSchema,
    result: ConfirmResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      'Answers a confirmation_required error by its id: allow runs the held-back action, allow false cancels it.\n\nAllowing runs the held-back call again through the gate after checking tab, origin and target are unchanged ({id, tool, allowed: true, result}). Expired or answered: policy_denied; unknown: not_found. When the user\'s confirmations setting is "user", only the side panel answers and this is policy_denied.',
    example: { id: "cf_ab12cd34ef56", allow: true },
    level: "L0",
    effects: "write",
    gated: false,
    cli: { positionals: ["id"], switches: { deny: { allow: false } }, defaults: { allow: true } },
  }),
} as const satisfies Record<string, CommandSpec>;
