import { WebOperatorError, type ConfirmationRequest } from "../../../protocol/index.js";
import type { Policy } from "../../../protocol/tools/gatekeeperTools.js";
import { callContent } from "../contentClient.js";
import { looksLikeDeepRef } from "../deep/deepRefFormat.js";
import { resolveDeepRef } from "../deep/resolveDeepRef.js";
import { describeDeepTarget } from "../deep/deepTargetFacts.js";
import {
  categoriesOf,
  classify,
  enforced,
  stepSendUrl,
  type ActionIntent,
  type DescribedTarget,
  type Finding,
} from "./confirmationRules.js";
import { parseUrl } from "./consequentialUrls.js";
import { pendingConfirmations, type PendingConfirmation } from "./pendingConfirmations.js";
import type { PlannedAction } from "./toolIntents.js";
import type { AgentIdentity, Requester, ToolLevel, UploadGrant } from "../../../protocol/index.js";

export interface GatedCall {
  tool: string;
  input: unknown;
  defaultTabId: number | undefined;
  /** `read`: the tab as admission read it moments ago, so describing a target needs no second read. */
  tab: { id: number; url: string; origin: string; read?: chrome.tabs.Tab } | null;
  requester: Requester | null;
  agent: AgentIdentity | null;
  /** Kept with a held-back upload, so its confirmed replay is the same task-attachment upload. */
  uploadGrant: UploadGrant | null;
  /** The command's level: a held L2 write says so (escalation_l2). */
  level: ToolLevel | null;
  /** The agent's governance asks a person before this write, for this reason. */
  escalation: string | null;
}

/**
 * Holds back an action a confirmation category matches: it is stored and answered with
 * confirmation_required, unless this call is the confirmed replay (`grant`), in which case
 * tab, origin and every target must still be what the user was asked about.
 */
/** What admission found the action's targets to be: a hold after dispatch asks about the same ones. */
export interface ConfirmationBasis {
  targets: string[];
  asked: DescribedTarget | null;
  /** Form sends judged a wizard's step before its last: the send hold lets these through (stepSendUrl). */
  stepSends: string[];
}

export async function checkConfirmations(
  call: GatedCall,
  plans: PlannedAction[],
  policy: Policy,
  grant: PendingConfirmation | undefined,
  prepared?: DescribedTarget,
): Promise<ConfirmationBasis> {
  const findings: Finding[] = [];
  const targets: string[] = [];
  const stepSends: string[] = [];
  let asked: DescribedTarget | null = null;
  const page = parseUrl(call.tab?.url);
  for (const plan of plans) {
    const target =
      call.tab === null
        ? null
        : (preparedFor(plan, plans.length, prepared) ??
          (await describePlanned(call.tab.id, plan, call.tab.read, page !== null && /^https?:$/.test(page.protocol))));
    if (target !== null) targets.push(fingerprint(target));
    const url = plan.url === null ? null : parseUrl(plan.url);
    const intent: ActionIntent = {
      activates: plan.activates,
      submitsByKeyboard: plan.submitsByKeyboard,
      target,
      url,
      page,
      ...(plan.lineBreak === true ? { lineBreak: true } : {}),
    };
    const found = enforced(classify(intent), policy);
    const step = stepSendUrl(intent);
    if (step !== null) stepSends.push(step);
    if (found.length > 0 && asked === null) asked = target;
    findings.push(...found);
  }
  // The agent's own rule, not a page condition: it asks whatever the action is, once.
  if (call.escalation !== null) findings.unshift({ category: "escalation", why: call.escalation });
  if (grant !== undefined) {
    verifyGrant(grant, call, targets, findings);
    return { targets, asked, stepSends };
  }
  if (findings.length === 0) return { targets, asked, stepSends };
  return askConfirmation(call, findings, { targets, asked, stepSends }, policy);
}

/** Stores the held-back action and answers confirmation_required: before dispatch, or after a send it held (sendHold.ts). */
export async function askConfirmation(call: GatedCall, findings: Finding[], basis: ConfirmationBasis, policy: Policy): Promise<never> {
  const { targets, asked } = basis;
  if (call.tab === null)
    throw new WebOperatorError(
      "policy_denied",
      `${call.tool} needs confirmation (${describeFindings(findings)}) but has no tab to confirm it on.`,
    );
  const pending = await pendingConfirmations.add({
    tool: call.tool,
    input: call.input,
    defaultTabId: call.defaultTabId,
    tabId: call.tab.id,
    origin: call.tab.origin,
    url: call.tab.url,
    target: asked === null ? null : { role: asked.role || asked.tag, name: asked.name },
    requester: call.requester,
    uploadGrant: call.uploadGrant,
    agent: call.agent,
    targets,
    findings,
    timeoutMs: policy.confirmationTimeoutMs,
    expiresAt: Date.now() + policy.confirmationTimeoutMs,
  });
  // An escalation asks a person by definition: only the side panel allows it, whatever the setting.
  const answeredBy = findings.some((finding) => finding.category === "escalation") ? "user" : policy.confirmations;
  const answer =
    answeredBy === "user"
      ? `Ask the user: they Allow or Deny it in the WebOperator side panel (browser.confirm from the socket is refused there), and a confirmation:answered event with this id brings the outcome and the action's result`
      : `Ask the user, then call browser.confirm {"id": "${pending.id}", "allow": true} to run exactly this action, or "allow": false to cancel it`;
  throw new WebOperatorError(
    "confirmation_required",
    `${call.tool} needs the user's confirmation: ${describeFindings(findings)}. ${answer}; unanswered it is denied after ${policy.confirmationTimeoutMs / 1000} s. confirmation id: ${pending.id}`,
    { confirmation: confirmationRequest(pending, call.tab.url, asked, answeredBy, call.level === "L2") },
  );
}

/** The structured side of confirmation_required, so no agent parses the message. */
function confirmationRequest(
  pending: PendingConfirmation,
  url: string,
  target: DescribedTarget | null,
  answeredBy: Policy["confirmations"],
  l2: boolean,
): ConfirmationRequest {
  const categories = categoriesOf(pending.findings);
  // Never empty: a confirmation is only issued for at least one finding.
  const [category = "submit"] = categories;
  return {
    id: pending.id,
    tool: pending.tool,
    category,
    categories: categories.length > 0 ? categories : [category],
    reason: describeFindings(pending.findings),
    target: target === null ? null : { role: target.role || target.tag, name: target.name },
    url,
    expiresAt: new Date(pending.expiresAt).toISOString(),
    answeredBy,
    ...(l2 ? { escalation_l2: true as const } : {}),
  };
}

function verifyGrant(grant: PendingConfirmation, call: GatedCall, targets: string[], findings: Finding[]): void {
  const changes: string[] = [];
  if (call.tab?.id !== grant.tabId) changes.push(`it now runs on tab ${call.tab?.id ?? "none"} instead of tab ${grant.tabId}`);
  else if (call.tab.origin !== grant.origin) changes.push(`the tab moved from ${grant.origin} to ${call.tab.origin}`);
  // Inclusion, not equality: the steps of a confirmed batch are admitted one by one.
  if (!targets.every((target) => grant.targets.includes(target))) changes.push("the target element is no longer the one confirmed");
  const newCategories = findings.filter((finding) => !grant.findings.some((asked) => asked.category === finding.category));
  if (newCategories.length > 0) changes.push(`it now also ${describeFindings(newCategories)}`);
  if (changes.length > 0) {
    throw new WebOperatorError(
      "policy_denied",
      `Confirmation ${grant.id} no longer matches the page: ${changes.join("; ")}. Take a new snapshot and repeat the action to ask again.`,
    );
  }
}

/**
 * What the gatekeeper judges: the target as the content script describes it. On a web page
 * (`web`), a content script that fails or is missing refuses the write (page_checks_failed).
 */
async function describePlanned(
  tabId: number,
  plan: PlannedAction,
  known: chrome.tabs.Tab | undefined,
  web: boolean,
): Promise<DescribedTarget | null> {
  // The control under the point, with its form, as a ref's target would be described.
  const point = plan.point;
  if (point !== undefined) {
    return callContent(tabId, { op: "describe_ref", point }, known).catch((error: unknown) => {
      // A page without a content script (about:blank, a PDF) has no form the point could send.
      if (!web && error instanceof WebOperatorError && error.code === "unsupported_page") return null;
      throw pageChecksFailed(`the control at ${Math.round(point.x)},${Math.round(point.y)}`, error);
    });
  }
  if (plan.describe === undefined) return null;
  if (plan.describe !== null && looksLikeDeepRef(plan.describe)) {
    // Deep refs name nodes of the CDP accessibility tree, which the content script does not know.
    // A deep ref that does not resolve fails in the tool itself, with its precise stale_ref or invalid_ref.
    const resolved = await resolveDeepRef(plan.describe).catch(() => null);
    if (resolved === null) return null;
    // Only while the top page's own engine answers, as for any other write on a web page.
    if (web) await describe(tabId, null, known, { strict: true });
    // The accessibility tree knows no forms: the element's own frame says what it would send, as a top frame's ref would.
    return describeDeepTarget(resolved);
  }
  return describe(tabId, plan.describe, known, { strict: false });
}

/**
 * The description the write's own preparation took in the page, for the one plan that names
 * the same ref: what describe_ref would answer at this moment, without another round trip.
 */
function preparedFor(plan: PlannedAction, plans: number, prepared: DescribedTarget | undefined): DescribedTarget | null {
  if (prepared === undefined || plans !== 1 || plan.point !== undefined) return null;
  return typeof plan.describe === "string" && plan.describe === prepared.ref ? prepared : null;
}

/** `strict`: a missing content script refuses too, for a probe of the page's engine on a web page. */
async function describe(
  tabId: number,
  ref: string | null,
  known: chrome.tabs.Tab | undefined,
  { strict }: { strict: boolean },
): Promise<DescribedTarget | null> {
  try {
    return await callContent(tabId, ref === null ? { op: "describe_ref" } : { op: "describe_ref", ref }, known);
  } catch (error) {
    // A key press on a page without a content script (about:blank) has no form to send.
    if (!strict && ref === null && error instanceof WebOperatorError && error.code === "unsupported_page") return null;
    // A ref that does not resolve fails the same way in the tool, which names it precisely.
    if (error instanceof WebOperatorError && (error.code === "stale_ref" || error.code === "invalid_ref")) return null;
    throw pageChecksFailed(ref ?? "the focused element", error);
  }
}

/**
 * The content script could not describe a write's target, so what the write would send is
 * unknown: refused, never let through with weaker checks (DESIGN.md invariant 9).
 */
function pageChecksFailed(target: string, cause: unknown): WebOperatorError {
  if (cause instanceof WebOperatorError && (cause.code === "page_checks_failed" || cause.code === "tab_not_found")) return cause;
  const why = cause instanceof Error ? cause.message : String(cause);
  return new WebOperatorError(
    "page_checks_failed",
    `The write was not dispatched: the gatekeeper could not check ${target}, because the page's content script failed (${why}). ` +
      "Reload the page (browser.navigate to its URL) and retry; browser.snapshot still reads it from the accessibility tree.",
  );
}

function fingerprint(target: DescribedTarget): string {
  // Where it leads is part of what was confirmed: a swapped href or formaction is another action.
  return [
    target.ref ?? "(focused)",
    target.role,
    target.name,
    target.tag,
    target.type,
    target.formAction ?? "",
    target.formMethod ?? "",
    target.href ?? "",
  ].join("|");
}

function describeFindings(findings: Finding[]): string {
  return findings.map((finding) => `${finding.category} (${finding.why})`).join("; ");
}
