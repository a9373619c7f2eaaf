import type { ContentResult } from "../../protocol/contentReplies.js";
import { describeElement } from "./accessibility/elementDescriptor.js";
import type { LayoutCache } from "./dom/layoutCache.js";
import * as dom from "./dom/intrinsics.js";

type FormContext = Pick<ContentResult<"describe_ref">, "formStep" | "formShowsTotal" | "formHasTerms">;

/*
 * Text content joins adjacent blocks without a space ("Step 1 of 3Ready", "$98.00Total"), so
 * the patterns bound words by letters and digits, not by \b.
 */
/** "Step 2 of 3", "Step 2/3": the counters wizards print. */
const STEP_COUNTER = /(?<![a-z])step\s*(\d{1,2})\s*(?:of|\/)\s*(\d{1,2})(?!\d)/i;
/** A total to pay: the word (not "Subtotal"), then within a few characters an amount with its currency. */
const TOTAL_TO_PAY =
  /(?<![a-z])(?:total|amount due|due today|to pay|you(?:'ll)? pay|charged today)(?![a-z])[^\d$€£¥\n]{0,24}(?:[$€£¥]\s?\d[\d.,]*|\d[\d.,]*\s?(?:[$€£¥]|usd|eur|gbp|chf|sek|nok|dkk)(?![a-z]))/i;
/** A checkbox that binds: terms of service, conditions, a privacy policy, consent. */
const TERMS_WORDS = /(terms|conditions|\btos\b|privacy|policy|agree|consent|accept|eula|gdpr)/i;
/** How far up the page the context is read: enough for a wizard's header and a checkout's summary, not a whole site. */
const MAX_LEVELS = 5;
const MAX_TEXT = 20_000;

/**
 * What the page around a form says about the step it sends (docs/gatekeeper.md): its place
 * in a flow, a total to pay beside it, a terms checkbox in it. Read through the captured
 * prototypes like every other fact the gatekeeper judges by (DESIGN.md, invariant 9).
 */
export function formContext(form: HTMLFormElement, layout: LayoutCache): FormContext {
  const text = surroundingText(form);
  const step = stepOf(text, form);
  return {
    ...(step === null ? {} : { formStep: step }),
    formShowsTotal: TOTAL_TO_PAY.test(text),
    formHasTerms: Array.from(dom.formElements(form)).some((control) => isTermsCheckbox(control, layout)),
  };
}

/** The form's text and its ancestors' up to a few levels, as long as they stay a part of a page; the title first. */
function surroundingText(form: HTMLFormElement): string {
  const document = dom.ownerDocument(form);
  let text = dom.textContent(form) ?? "";
  let node: Element | null = dom.parentElement(form);
  for (let level = 0; node !== null && level < MAX_LEVELS; level++) {
    const wider = dom.textContent(node) ?? "";
    if (wider.length > MAX_TEXT) break;
    text = wider;
    if (node === dom.body(document)) break;
    node = dom.parentElement(node);
  }
  return `${dom.documentTitle(document)}\n${text.replace(/\s+/g, " ")}`;
}

function stepOf(text: string, form: HTMLFormElement): { current: number; total: number } | null {
  const counted = STEP_COUNTER.exec(text);
  if (counted !== null) return plausible(Number(counted[1]), Number(counted[2]));
  return progressListStep(form);
}

/** A progress list: the item marked aria-current="step" and how many items its list holds. */
function progressListStep(form: HTMLFormElement): { current: number; total: number } | null {
  const marked = dom.querySelector(dom.ownerDocument(form), "[aria-current=step i]");
  if (marked === null) return null;
  const item = dom.closest(marked, "li") ?? marked;
  const list = dom.parentElement(item);
  if (list === null) return null;
  const items = Array.from(dom.children(list));
  return plausible(items.indexOf(item) + 1, items.length);
}

function plausible(current: number, total: number): { current: number; total: number } | null {
  return current >= 1 && total >= 2 && current <= total && total <= 20 ? { current, total } : null;
}

function isTermsCheckbox(control: Element, layout: LayoutCache): boolean {
  if (!(control instanceof HTMLInputElement) || (dom.getAttribute(control, "type") ?? "").trim().toLowerCase() !== "checkbox") return false;
  const said = `${dom.getAttribute(control, "name") ?? ""} ${dom.id(control)} ${describeElement(control, layout).name}`;
  return TERMS_WORDS.test(said);
}
