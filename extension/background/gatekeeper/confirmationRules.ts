import type { ConfirmationCategory, Policy } from "../../../protocol/tools/gatekeeperTools.js";
import type { ContentResult } from "../../../protocol/index.js";

export type DescribedTarget = ContentResult<"describe_ref">;

/** What an action would do, as far as confirmation rules care. */
export interface ActionIntent {
  /** A pointer activation (click, select, drag…) of `target`. */
  activates: boolean;
  /** Enter / submit: true sends the form the target (or focused element) belongs to. */
  submitsByKeyboard: boolean;
  target: DescribedTarget | null;
  /** A URL the action opens (navigate, tab_open). */
  url: URL | null;
}

export interface Finding {
  category: ConfirmationCategory;
  why: string;
}

/**
 * The confirmation rules (README "Gatekeeper"), matched on the accessible name of what
 * gets activated, on the URL an action opens, and on the form a submit sends:
 * - purchase: buy, purchase, pay, place order, checkout, subscribe; URLs with /checkout, /payment, /purchase;
 * - account: delete/close/deactivate account, change/update/reset password, email or username; /account/delete…;
 * - messaging: send, post, reply, publish, tweet, comment;
 * - credentials: a submit (button, Enter, or a sign-in button) of a form holding a password field;
 * - submit: the final submit, apply, send, finish, complete or confirm of a form.
 */
const NAME_RULES: Array<{ category: ConfirmationCategory; pattern: RegExp }> = [
  { category: "purchase", pattern: /\b(buy|purchase|pay|place (?:your |my )?order|check ?out|subscribe|complete (?:your |my )?order)\b/i },
  { category: "account", pattern: /\b((?:delete|close|deactivate|remove) (?:your |my |the )?account|(?:change|update|reset) (?:your |my |the )?(?:password|e-?mail|username|phone)|cancel (?:your |my )?subscription)\b/i },
  { category: "messaging", pattern: /\b(send|post|reply|publish|tweet|comment)\b/i },
  { category: "submit", pattern: /\b(submit|apply|send|finish|complete|confirm)\b/i },
];

const URL_RULES: Array<{ category: ConfirmationCategory; pattern: RegExp }> = [
  { category: "purchase", pattern: /\/(checkout|payment|purchase|buy)(\/|$|\?|\.)/i },
  { category: "account", pattern: /\/(account|settings|profile)\/(delete|close|deactivate|password|email|security)(\/|$|\?|\.)/i },
];

const SIGN_IN = /\b(sign ?in|log ?in|sign ?up|register|continue|next)\b/i;

export function classify(intent: ActionIntent): Finding[] {
  const findings: Finding[] = [];
  const add = (category: ConfirmationCategory, why: string): void => {
    if (!findings.some((finding) => finding.category === category)) findings.push({ category, why });
  };
  if (intent.url !== null) matchUrl(intent.url.pathname, `opens ${intent.url.origin}${intent.url.pathname}`, add);
  const target = intent.target;
  if (target === null) return findings;
  const label = `${target.role || target.tag} "${target.name}"`;
  if (intent.activates) for (const rule of NAME_RULES) if (rule.pattern.test(target.name)) add(rule.category, `activates ${label}`);
  const sendsForm = (intent.activates && target.submitsForm) || (intent.submitsByKeyboard && target.inForm);
  if (sendsForm) {
    const submitName = target.submitsForm ? target.name : target.formSubmitName ?? "";
    // Enter in a field presses the form's default button: judge it by that button's name.
    if (!target.submitsForm || !intent.activates) {
      for (const rule of NAME_RULES) if (rule.pattern.test(submitName)) add(rule.category, `submits a form whose button is "${submitName}"`);
    }
    if (target.formAction !== undefined) {
      try {
        matchUrl(new URL(target.formAction).pathname, `submits a form to ${target.formAction}`, add);
      } catch {
        // A form without a parseable action posts to the page itself, which was already judged.
      }
    }
  }
  const signsIn = sendsForm || (intent.activates && SIGN_IN.test(target.name)) || intent.submitsByKeyboard;
  if (target.formHasPassword && signsIn) add("credentials", `sends a form with a password field (${label})`);
  return findings;
}

export function enforced(findings: Finding[], policy: Policy): Finding[] {
  return findings.filter((finding) => policy.confirm[finding.category]);
}

function matchUrl(path: string, why: string, add: (category: ConfirmationCategory, why: string) => void): void {
  for (const rule of URL_RULES) if (rule.pattern.test(path)) add(rule.category, why);
}
