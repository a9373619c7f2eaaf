import type { AgentRecord } from "../commandContext.js";
import {
  WebOperatorError,
  patternCovers,
  type AgentGovernance,
  type GovernanceDeclaration,
  type GovernanceRuleKind,
} from "../../protocol/index.js";

/**
 * The hard rules WebOperator can enforce, recognised in the words a declaration uses (the
 * &body.browser seed's own two sentences among them). A rule matching none is refused: a
 * hard rule accepted but not enforced would be a promise nobody keeps.
 */
const RULES: ReadonlyArray<{ kind: GovernanceRuleKind; matches: (rule: string) => boolean }> = [
  {
    kind: "credential_forms",
    matches: (rule) => /credential|password/i.test(rule) && /submi|form/i.test(rule),
  },
  {
    kind: "authorized_domains",
    matches: (rule) => /(authori[sz]ed|allowed|approved)\s+(domain|host|site)/i.test(rule),
  },
];

/** A declaration as the gatekeeper enforces it; bad_request for a rule it cannot enforce or a domain rule without domains. */
export function compileGovernance(declaration: GovernanceDeclaration): AgentGovernance {
  const hard = (declaration.hard ?? []).map((rule) => {
    const known = RULES.find((candidate) => candidate.matches(rule));
    if (known === undefined) {
      throw new WebOperatorError(
        "bad_request",
        `governance.hard: WebOperator cannot enforce "${rule}". It enforces two hard rules: restricting the agent to authorized domains ("Never navigate to URLs outside the authorized domain set", with governance.authorized_domains) and holding credential forms for authorization ("Never submit forms containing credentials without explicit authorization"). Drop the rule or state it as one of those.`,
      );
    }
    return { rule, enforcedAs: known.kind };
  });
  const domains = declaration.authorized_domains;
  if (domains === undefined && hard.some((rule) => rule.enforcedAs === "authorized_domains")) {
    throw new WebOperatorError(
      "bad_request",
      'governance.hard names the authorized domain set, but governance.authorized_domains is missing. List the hosts, e.g. "authorized_domains": ["example.com", "*.example.com"].',
    );
  }
  const confidence = declaration.escalate_when?.confidence_below;
  return {
    ...(domains === undefined ? {} : { authorizedDomains: [...domains] }),
    credentialForms: hard.some((rule) => rule.enforcedAs === "credential_forms"),
    ...(confidence === undefined ? {} : { confidenceBelow: confidence }),
    hard,
  };
}

/**
 * A later declaration may only narrow what is in force, so an agent (or a page that talked
 * it into something) cannot shed its own rules: the reasons it would widen them, or none.
 */
export function governanceLoosenings(current: AgentGovernance, next: AgentGovernance): string[] {
  const found: string[] = [];
  if (current.authorizedDomains !== undefined) {
    if (next.authorizedDomains === undefined) found.push("authorized_domains would be dropped");
    for (const pattern of next.authorizedDomains ?? []) {
      if (!current.authorizedDomains.some((kept) => patternCovers(kept, pattern)))
        found.push(`authorized_domains: ${pattern} is not within the domains already authorized`);
    }
  }
  if (current.credentialForms && !next.credentialForms) found.push("the credential-form rule would be dropped");
  if (current.confidenceBelow !== undefined && (next.confidenceBelow ?? 0) < current.confidenceBelow)
    found.push(`escalate_when.confidence_below would fall below ${current.confidenceBelow}`);
  return found;
}

/**
 * Puts a declaration in force for the agent (body.declare, bridge.hello). Its later
 * requests, and tasks it starts, carry it to the gatekeeper; a second declaration may only
 * narrow the first. Answers what is now in force.
 */
export function declareGovernance(record: AgentRecord, declaration: GovernanceDeclaration): AgentGovernance {
  if (record.identity.kind === "task")
    throw new WebOperatorError("invalid_state", "A task's governance is its starting agent's; a task cannot declare its own.");
  const next = compileGovernance(declaration);
  const current = record.identity.governance;
  const loosened = current === undefined ? [] : governanceLoosenings(current, next);
  if (loosened.length > 0) {
    throw new WebOperatorError(
      "policy_denied",
      `Agent "${record.identity.name}" already declared governance, and a declaration may only narrow it: ${loosened.join("; ")}. Keep the rules in force.`,
    );
  }
  // Replaced, not mutated: a request already on its way keeps the identity it was sent with.
  record.identity = { ...record.identity, governance: next };
  return next;
}

/**
 * The governance a connection has once bridge.hello moves it to a named agent: switching
 * agents must not shed the rules the connection was under, nor the ones the named agent is
 * under. The hello's own declaration must keep both; without one, whichever of the two rule
 * sets keeps the other is taken. Otherwise policy_denied, before
 * anything changes.
 */
export function governanceAfterHello(
  held: AgentGovernance | undefined,
  named: AgentGovernance | undefined,
  declared: GovernanceDeclaration | undefined,
): AgentGovernance | undefined {
  const inForce = [held, named].filter((rules): rules is AgentGovernance => rules !== undefined);
  const widenings = (candidate: AgentGovernance): string[] => inForce.flatMap((rules) => governanceLoosenings(rules, candidate));
  const candidates = declared === undefined ? inForce : [compileGovernance(declared)];
  const chosen = candidates.find((candidate) => widenings(candidate).length === 0);
  if (candidates.length > 0 && chosen === undefined) {
    throw new WebOperatorError(
      "policy_denied",
      `bridge.hello would widen the governance in force: ${widenings(candidates[0] as AgentGovernance).join("; ")}. A connection and a named agent keep their rules when they meet; declare rules within both.`,
    );
  }
  return chosen;
}
