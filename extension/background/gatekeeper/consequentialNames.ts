import type { ConfirmationCategory } from "../../../protocol/index.js";

/**
 * Accessible names, used two ways (docs/gatekeeper.md):
 * - inside a form that is being sent, as the tie-breaker that says what kind of send it is;
 * - outside a form, only whole phrases that leave no doubt ("Buy now", "Delete my account",
 *   "Send message"), because a script-driven page has no form to judge. A lone word such as
 *   "send", "apply" or "complete" never asks outside a form.
 */
const ACCOUNT_CHANGE =
  /\b((?:delete|close|deactivate|remove) (?:your |my |the |this )?account|(?:change|update|reset) (?:your |my |the )?(?:password|e-?mail|username|phone)|cancel (?:your |my |the )?(?:subscription|membership))\b/i;

const IN_FORM: Array<{ category: ConfirmationCategory; pattern: RegExp }> = [
  {
    category: "purchase",
    pattern:
      /\b(buy|purchase|pay|place (?:your |my |the )?order|check ?out|subscribe|complete (?:your |my |the )?(?:order|purchase|payment))\b/i,
  },
  { category: "account", pattern: ACCOUNT_CHANGE },
  { category: "messaging", pattern: /\b(send|post|reply|publish|tweet|comment)\b/i },
];

/** "Buy now – $29.99", "Place order (2 items)": a purchase phrase may end with its price or count. */
const PURCHASE_PHRASE =
  /^(?:buy(?: it)?(?: now)?|purchase(?: now)?|pay(?: now| securely)?|pay (?:[$€£]\s?)?\d[\d.,]*\b.*|pay with \S.*|place (?:your |my |the )?order(?: now)?|(?:proceed to |go to )?check ?out(?: now)?|complete (?:your |my |the )?(?:order|purchase|payment)|confirm (?:your |my |the )?(?:order|purchase|payment)|subscribe(?: now)?|start (?:your |my )?subscription)(?:\s*[-–—:·,]?\s*(?:for |at )?(?:[$€£]\s?)?\d[\d.,]*(?:\s?(?:[$€£]|usd|eur|gbp))?|\s*\(\d+ items?\))?$/i;

const STANDALONE: Array<{ category: ConfirmationCategory; pattern: RegExp }> = [
  { category: "purchase", pattern: PURCHASE_PHRASE },
  { category: "account", pattern: ACCOUNT_CHANGE },
  {
    category: "messaging",
    pattern:
      /^(?:send|post|reply|publish|tweet|comment)(?: (?:now|it|message|e-?mail|reply|comment|post|invite|invites|invitation|to all|to everyone))?$/i,
  },
];

/** A button in a form whose script sends it (requestSubmit) reads as a final action: "Submit", "Send", "Save changes". */
const FINAL_ACTION =
  /^(?:submit|send|confirm|finish|complete|done|save|post|publish|apply|pay|buy|register|sign ?up|sign ?in|log ?in|place (?:your |my |the )?order)(?: (?:now|it|form|application|order|message|request|changes|payment|purchase|comment|reply|review|details|and continue))?$/i;

/** A submitter named for changing the view, not the world: the send only reads. */
const VIEW_CHANGE =
  /\b(filters?|sort(?: by)?|search|find|refresh|preview|show(?: results)?|view|go to page|next page|previous page|load more|compare|calculate|estimate)\b/i;

/** A step forward that sends what was filled in: "Continue to preview", "Next", "Review transfer". */
const CONTINUE = /^(?:continue|next|proceed|review|preview)\b/i;

const SIGN_IN = /\b(sign ?in|log ?in|sign ?up|register|continue|next)\b/i;

/** Enter in a multi-line field outside a form sends it only through the page's script: a chat or comment composer. */
const COMPOSER = /\b(message|reply|comment|post|tweet|chat|write)\b/i;

export function formSendNameCategories(name: string): ConfirmationCategory[] {
  return IN_FORM.filter((rule) => rule.pattern.test(name)).map((rule) => rule.category);
}

export function standaloneNameCategories(name: string): ConfirmationCategory[] {
  const trimmed = name.trim();
  return STANDALONE.filter((rule) => rule.pattern.test(trimmed)).map((rule) => rule.category);
}

export const readsAsFinalAction = (name: string): boolean => FINAL_ACTION.test(name.trim());
export const readsAsViewChange = (name: string): boolean => VIEW_CHANGE.test(name);
export const readsAsContinue = (name: string): boolean => CONTINUE.test(name.trim());
export const readsAsSignIn = (name: string): boolean => SIGN_IN.test(name);
export const readsAsComposer = (name: string): boolean => COMPOSER.test(name);
