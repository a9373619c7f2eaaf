import { z } from "zod";
import { HostPatternSchema } from "./tools/gatekeeperTools.js";

/**
 * An agent's governance (the &body.browser declaration's `governance` block, docs/governance.md):
 * hard rules the gatekeeper enforces for every call the agent makes, and when the agent
 * wants a person asked instead of acting.
 */
export const GovernanceDeclarationSchema = z.strictObject({
  /**
   * Rules in words, as the declaration states them. Each must be one WebOperator enforces
   * (authorized domains only; no credential form submitted without authorization); a rule
   * it cannot enforce is refused rather than kept as a promise nobody keeps.
   */
  hard: z.array(z.string().min(1).max(300)).max(20).optional(),
  /** The authorized domain set: host patterns ("example.com", "*.example.com"). */
  authorized_domains: z.array(HostPatternSchema).min(1).max(200).optional(),
  escalate_when: z.strictObject({ confidence_below: z.number().min(0).max(1) }).optional(),
});
export type GovernanceDeclaration = z.infer<typeof GovernanceDeclarationSchema>;

export const GovernanceRuleKindSchema = z.enum(["authorized_domains", "credential_forms"]);
export type GovernanceRuleKind = z.infer<typeof GovernanceRuleKindSchema>;

/** The governance in force for an agent, as the bridge compiled it; it travels with each of its requests. */
export const AgentGovernanceSchema = z.object({
  /** Every page it reads or acts on, and every URL it opens, must match one of these. */
  authorizedDomains: z.array(HostPatternSchema).optional(),
  /** Submitting a form with a password field asks for a confirmation, whatever the policy's `confirm.credentials`. */
  credentialForms: z.boolean(),
  /** body.act with a `confidence` below this asks a person (an `escalation` confirmation) before acting. */
  confidenceBelow: z.number().min(0).max(1).optional(),
  /** The declared hard rules and what enforces each. */
  hard: z.array(z.object({ rule: z.string(), enforcedAs: GovernanceRuleKindSchema })),
});
export type AgentGovernance = z.infer<typeof AgentGovernanceSchema>;
