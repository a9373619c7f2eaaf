import type { ContentResult } from "../../../protocol/index.js";
import { fieldCategories } from "./consequentialFields.js";

type DescribedTarget = ContentResult<"describe_ref">;
type FormField = NonNullable<DescribedTarget["formFields"]>[number];

/**
 * Whether a form send commits or only moves along (docs/gatekeeper.md, "Holds that match
 * consequences"). A send commits unless what the form says agrees that it does not: a
 * wizard's Next before its last step, an add-to-cart, a page turn. What the form carries
 * that binds someone (a password, payment fields, a terms box, a message) keeps the hold
 * whatever its button is called, and so does a step forward beside a total to pay, unless a
 * counter says more steps follow.
 */

/** "Next", "Continue", "Continue to shipping", "Save and continue", "Next: Payment": a step forward that names no commit. */
const NEXT_STEP = /^(?:next(?: step)?|continue|proceed|save (?:and|&) continue|go on)\b/i;
const COMMIT_WORD =
  /\b(pay|order|purchase|buy|submit|send|post|publish|create|register|sign ?up|join|apply|confirm|finish|complete|book|reserve|delete|remove|close|cancel|subscribe|donate|transfer)\b/i;
/** What a shop's product or cart form says when it only changes the cart: "Add to cart", "Add to bag – $24", "Update cart". */
const CART_CHANGE =
  /^(?:add(?: \d+)?(?: items?)? to (?:(?:my|your|the) )?(?:cart|bag|basket|trolley|wish ?list|favou?rites|compare)|add to cart|update (?:(?:my|your|the) )?(?:cart|bag|basket|quantity|quantities)|save for later|move to (?:wish ?list|cart|bag))(?:\s*[-–—·:]?\s*(?:[$€£]\s?)?\d[\d.,]*(?:\s?[$€£])?)?$/i;
/** A page turn: "Next", "Previous page", "Older posts", "2", "›". */
const PAGE_TURN =
  /^(?:(?:next|previous|prev|older|newer|more|load more|show more)(?: (?:page|results|posts|entries|items|comments))?\s*[›»>→]?|[‹«<←]?\s*(?:previous|prev)(?: page)?|(?:page )?\d{1,4}|[‹›«»<>←→]{1,2})$/i;
/** The hidden state a paged list posts back: its page, offset or cursor. */
const PAGING_FIELD = /^(page|p|pg|paged|pagenum|pagenumber|pageindex|pageno|offset|start|cursor|after|before|pagetoken|nextpage)$/;
/** A hidden field a multi-page wizard carries: the step it is on. */
const STEP_FIELD = /^(step|currentstep|wizardstep|stepnumber|formstep|stage|page)$/;
/** Fields nobody types a message or an identity into: state and choices. */
const CHOICE_TYPES = new Set(["hidden", "select", "checkbox", "radio", "range", "number"]);

const squashed = (name: string): string => name.replace(/[\s._\-[\]]+/g, "").toLowerCase();

/** What the form itself carries that binds someone: a password, payment fields, a terms box, a message. */
export function formCommitSigns(target: DescribedTarget): string[] {
  const fields = target.formFields ?? [];
  const signs: string[] = [];
  if (target.formHasPassword) signs.push("a password field");
  if (fieldCategories(fields).length > 0) signs.push("payment fields");
  if (target.formHasTerms === true) signs.push("a terms checkbox");
  if (fields.some((field) => field.type === "textarea")) signs.push("a message");
  return signs;
}

/**
 * Why this send only moves along, or null when it may commit: `submitter` is the name of the
 * button that sends it. Only a send with no sign of a commit can move along.
 */
export function movesAlong(submitter: string, target: DescribedTarget): MoveAlong | null {
  if (formCommitSigns(target).length > 0) return null;
  const name = submitter.trim();
  const fields = target.formFields ?? [];
  if (readsAsNextStep(name)) {
    const step = target.formStep;
    // A counter that says which step this is wins over the order summary a checkout shows on every step.
    if (step !== undefined && step.current < step.total)
      return { kind: "step", why: `step ${step.current} of ${step.total}, not the last` };
    // The last counted step's Next leads to a review page, unless it stands beside the total it pays.
    if (step !== undefined)
      return target.formShowsTotal === true ? null : { kind: "step", why: `step ${step.current} of ${step.total}, before its review` };
    // Without one, a wizard's hidden step field says as much, unless the page shows a total to pay.
    if (target.formShowsTotal !== true && fields.some((field) => field.type === "hidden" && STEP_FIELD.test(squashed(field.name))))
      return { kind: "step", why: "a step of a wizard" };
  }
  if (CART_CHANGE.test(name)) return { kind: "cart", why: "changes a cart" };
  if (PAGE_TURN.test(name) && turnsAPage(fields)) return { kind: "page", why: "turns a page" };
  return null;
}

export interface MoveAlong {
  /** step: a wizard's step before its last, which also goes to its flow's next page whatever that page is called. */
  kind: "step" | "cart" | "page";
  why: string;
}

export const readsAsNextStep = (name: string): boolean => NEXT_STEP.test(name.trim()) && !COMMIT_WORD.test(name);

/** Only state and choices, and among them the list's page, offset or cursor. */
function turnsAPage(fields: readonly FormField[]): boolean {
  return fields.every((field) => CHOICE_TYPES.has(field.type)) && fields.some((field) => PAGING_FIELD.test(squashed(field.name)));
}
