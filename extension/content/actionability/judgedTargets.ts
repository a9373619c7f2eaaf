import type { ContentResult } from "../../../protocol/contentReplies.js";
import { formFacts } from "../formFacts.js";
import type { LayoutCache } from "../dom/layoutCache.js";
import * as dom from "../dom/intrinsics.js";

/** What the gatekeeper's judgement of a target rests on: where it leads and what its form sends. */
export type JudgedFacts = Pick<
  ContentResult<"describe_ref">,
  | "submitsForm"
  | "inForm"
  | "formHasPassword"
  | "formAction"
  | "formMethod"
  | "formIsSearch"
  | "formSubmitName"
  | "formStep"
  | "formShowsTotal"
  | "formHasTerms"
  | "href"
>;

/**
 * The facts each element was last described with (describe_ref), which is what the gatekeeper
 * judged: it describes the target again right before every write's dispatch.
 */
const judged = new WeakMap<Element, string>();

export function targetFacts(element: Element, layout: LayoutCache): JudgedFacts {
  const href = linkHref(element);
  return { ...formFacts(element, layout), ...(href === undefined ? {} : { href }) };
}

/** Where the link the element is or is inside leads, resolved against its base URL. */
export function linkHref(element: Element): string | undefined {
  const link = dom.closest(element, "a[href], area[href]");
  return link instanceof HTMLAnchorElement || link instanceof HTMLAreaElement ? link.href : undefined;
}

export function rememberJudged(element: Element, facts: JudgedFacts): void {
  judged.set(element, fingerprint(facts));
}

/** How the element's facts differ from those judged, or null when they are the same (or were never judged). */
export function changeSinceJudged(element: Element, layout: LayoutCache): string | null {
  const before = judged.get(element);
  if (before === undefined) return null;
  const now = fingerprint(targetFacts(element, layout));
  return now === before ? null : `it was judged as ${before}, and is now ${now}`;
}

function fingerprint(facts: JudgedFacts): string {
  const parts = [
    facts.href === undefined ? "no link" : `a link to ${facts.href}`,
    facts.inForm ? `in a form sent by ${facts.formMethod ?? "unset"} to ${facts.formAction ?? ""}` : "in no form",
    facts.submitsForm ? "submitting it" : "not submitting it",
    facts.formHasPassword ? "with a password" : "without a password",
    // What the page around the form says of its step: a "Step 3 of 3" or a terms box that appears after the judgement commits.
    facts.formStep === undefined ? "no step counter" : `at step ${facts.formStep.current} of ${facts.formStep.total}`,
    facts.formShowsTotal === true ? "beside a total to pay" : "beside no total",
    facts.formHasTerms === true ? "with a terms checkbox" : "without a terms checkbox",
  ];
  return parts.join(", ");
}
