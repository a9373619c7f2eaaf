import type { ConfirmationCategory } from "../../../protocol/index.js";
import type { Policy } from "../../../protocol/tools/gatekeeperTools.js";
import type { ContentResult } from "../../../protocol/index.js";
import { fieldCategories, readsAsQuery } from "./consequentialFields.js";
import {
  formSendNameCategories,
  readsAsComposer,
  readsAsContinue,
  readsAsFinalAction,
  readsAsSignIn,
  readsAsViewChange,
  standaloneNameCategories,
} from "./consequentialNames.js";
import { parseUrl, urlCategories, type UrlUse } from "./consequentialUrls.js";
import { formCommitSigns, movesAlong } from "./formStage.js";

export type DescribedTarget = ContentResult<"describe_ref">;

/** What an action would do, as far as confirmation rules care. */
export interface ActionIntent {
  /** A pointer activation (click, select, drag…) of `target`. */
  activates: boolean;
  /** Enter / submit: sends the form the target (or focused element) belongs to, or presses a focused button. */
  submitsByKeyboard: boolean;
  target: DescribedTarget | null;
  /** A URL the action opens (navigate, tab_open). */
  url: URL | null;
  /** The page the action runs on: a link to another spot of the same document navigates nowhere. */
  page: URL | null;
  /** The key is Shift+Enter: in a multi-line field or editor it breaks the line. */
  lineBreak?: boolean;
}

export interface Finding {
  category: ConfirmationCategory;
  why: string;
}

/** Most consequential first: a confirmation's `category` is the first of its findings in this order. */
const SEVERITY: readonly ConfirmationCategory[] = ["escalation", "credentials", "purchase", "account", "messaging", "submit"];

/** The roles and tags a focused Enter activates instead of submitting a form. */
const PRESSABLE_ROLES = new Set(["button", "link", "menuitem"]);

/**
 * The confirmation rules (docs/gatekeeper.md), judged by what the action does:
 * - it sends a form (a submit control, Enter in a field, a final-action button whose script
 *   sends it, a "Continue"/"Preview" button of a form that does something consequential):
 *   credentials when the form holds a password field, purchase/account by where it goes,
 *   purchase by the fields it carries (a card, an IBAN, an amount), purchase/account/messaging
 *   by the submitter's name, and submit unless the send only reads (method GET, a search
 *   form, a filter/sort button) or closes a <dialog>. A POST form is judged by what it sends:
 *   a search label (role=search, a type=search field) or a "Preview" button does not make a
 *   form that carries money fields or goes to a consequential URL harmless;
 * - it opens a URL (navigate, tab_open, a link): purchase/account by the URL's path;
 * - outside a form, only names that leave no doubt ("Buy now", "Delete my account", "Send message").
 */
export function classify(intent: ActionIntent): Finding[] {
  const findings: Finding[] = [];
  const add = (category: ConfirmationCategory, why: string): void => {
    if (!findings.some((finding) => finding.category === category)) findings.push({ category, why });
  };
  if (intent.url !== null)
    for (const category of urlCategories(intent.url)) add(category, `opens ${intent.url.origin}${intent.url.pathname}`);
  const target = intent.target;
  if (target === null) return sorted(findings);
  const label = `${target.role || target.tag || "element"} "${target.name}"`;
  const send = formSend(intent, target, label);
  if (send !== null) judgeFormSend(send, target, intent.page, add);
  else if (intent.activates || (intent.submitsByKeyboard && isPressable(target))) judgeActivation(target, label, intent.page, add);
  else if (intent.submitsByKeyboard) judgeEnterOutsideForm(intent, target, label, add);
  return sorted(findings);
}

/**
 * Where the action sends its form when the rules judged that send a wizard's step inside a
 * purchase flow, which may post to the flow's purchase URL: the send hold lets that one send through.
 */
export function stepSendUrl(intent: ActionIntent): string | null {
  const target = intent.target;
  if (target === null || !stepWithinPurchase(intent.page)) return null;
  const send = formSend(intent, target, "");
  if (send === null || target.formAction === undefined || movesAlong(send.submitter, target)?.kind !== "step") return null;
  return target.formAction;
}

/**
 * A wizard's step posts to its flow's purchase URL without paying yet (Shopify's checkout posts
 * every step to /checkouts/TOKEN) only from a page already inside a purchase flow, which the
 * person let the agent open: a "Step 1 of 3" on any other page does not make a send to /pay a step.
 */
function stepWithinPurchase(page: URL | null): boolean {
  return page !== null && urlCategories(page).includes("purchase");
}

export function enforced(findings: Finding[], policy: Policy): Finding[] {
  return findings.filter((finding) => finding.category === "escalation" || policy.confirm[finding.category]);
}

interface FormSend {
  /** The name of the button that sends it: the target, or the default button Enter presses. */
  submitter: string;
  how: string;
}

type Add = (category: ConfirmationCategory, why: string) => void;

function formSend(intent: ActionIntent, target: DescribedTarget, label: string): FormSend | null {
  if (!target.inForm) return null;
  // Enter in a multi-line editor or a plain textarea makes a new line; the browser sends no form for it.
  if (intent.submitsByKeyboard && !intent.activates && makesNewLine(intent, target)) return null;
  if (target.submitsForm && (intent.activates || intent.submitsByKeyboard)) return { submitter: target.name, how: `activates ${label}` };
  if (intent.submitsByKeyboard && !isPressable(target)) return { submitter: target.formSubmitName ?? "", how: `presses Enter in ${label}` };
  // Name as the tie-breaker inside a form: a plain button named "Submit" sends it by script (requestSubmit).
  if ((intent.activates || intent.submitsByKeyboard) && isButton(target) && readsAsFinalAction(target.name))
    return { submitter: target.name, how: `activates ${label}, whose script sends its form` };
  // "Continue to preview" on a transfer form: the step a careful person would not take blind.
  if (
    (intent.activates || intent.submitsByKeyboard) &&
    isButton(target) &&
    readsAsContinue(target.name) &&
    formConsequence(target).length > 0
  )
    return { submitter: target.name, how: `activates ${label} in a form that ${formConsequence(target).join(" and ")}` };
  return null;
}

/** How a form send uses its action URL: a form a script sends (no method) usually posts it. */
function formUse(target: DescribedTarget): UrlUse {
  return target.formMethod === "get" ? "get" : "post";
}

/** What the form itself does, by its action and its fields: what a label cannot change. */
function formConsequence(target: DescribedTarget): string[] {
  if (target.formMethod === "get" || target.formMethod === "dialog") return [];
  const action = parseUrl(target.formAction);
  const reasons: string[] = [];
  if (action !== null && urlCategories(action, "post").length > 0) reasons.push(`posts to ${action.origin}${action.pathname}`);
  if (fieldCategories(target.formFields ?? []).length > 0) reasons.push("carries payment fields");
  return reasons;
}

/**
 * The send only reads: GET, or a search or a view change whose form does nothing consequential.
 * An explicit POST must also send what a search sends (its fields a query), not only say so.
 */
function onlyReads(send: FormSend, target: DescribedTarget): boolean {
  if (target.formMethod === "get") return true;
  // A search label or a query-like name does not make a form that carries a password, a terms box or a message a search.
  if (formConsequence(target).length > 0 || formCommitSigns(target).length > 0) return false;
  const viewChange = readsAsViewChange(send.submitter);
  if (target.formMethod === "post" && target.formFields !== undefined) return viewChange || readsAsQuery(target.formFields);
  return target.formIsSearch === true || viewChange;
}

function judgeFormSend(send: FormSend, target: DescribedTarget, page: URL | null, add: Add): void {
  // method=dialog closes the form's <dialog>; nothing leaves the page.
  if (target.formMethod === "dialog") return;
  if (target.formHasPassword) add("credentials", `${send.how}, which sends a form with a password field`);
  const along = movesAlong(send.submitter, target);
  const action = parseUrl(target.formAction);
  const withinPurchase = along?.kind === "step" && stepWithinPurchase(page);
  if (action !== null)
    for (const category of urlCategories(action, formUse(target)))
      if (!(category === "purchase" && withinPurchase))
        add(category, `${send.how}, which sends a form to ${action.origin}${action.pathname}`);
  if (target.formMethod !== "get")
    for (const category of fieldCategories(target.formFields ?? [])) add(category, `${send.how}, which sends a form with payment fields`);
  const byName =
    send.submitter === target.name
      ? `${send.how}, which sends its form`
      : `${send.how}, which sends a form whose button is "${send.submitter}"`;
  for (const category of formSendNameCategories(send.submitter)) add(category, byName);
  // The step that commits is held, not the steps that lead to it: a wizard's Next, an add-to-cart, a page turn.
  if (!onlyReads(send, target) && along === null)
    add("submit", `${send.how}, which sends a form${action === null ? "" : ` to ${action.origin}${action.pathname}`}`);
}

function judgeActivation(target: DescribedTarget, label: string, page: URL | null, add: Add): void {
  const link = parseUrl(target.href);
  if (link !== null && navigatesAway(link, page)) {
    for (const category of urlCategories(link)) add(category, `follows ${label} to ${link.origin}${link.pathname}`);
    return;
  }
  // A jump to an anchor of this page; a bare "#" or javascript: link is a button in disguise, judged by its name.
  if (link !== null && link.hash.length > 1 && (link.protocol === "http:" || link.protocol === "https:")) return;
  for (const category of standaloneNameCategories(target.name)) add(category, `activates ${label}`);
  if (!target.inForm && target.formHasPassword && readsAsSignIn(target.name))
    add("credentials", `activates ${label} on a page with a password field`);
}

function judgeEnterOutsideForm(intent: ActionIntent, target: DescribedTarget, label: string, add: Add): void {
  if (target.formHasPassword) add("credentials", `presses Enter in ${label} on a page with a password field`);
  const textEntry = target.role === "textbox" || target.multiline === true;
  // Judged by what Enter does there, not by the box's name: in a multi-line editor it starts a paragraph.
  if (makesNewLine(intent, target)) return;
  if (textEntry && readsAsComposer(target.name) && !readsAsViewChange(target.name))
    add("messaging", `presses Enter in ${label}, a message composer`);
}

/** Enter in a multi-line editor or plain textarea, or Shift+Enter in any multi-line field or editor (a composer's newline). */
function makesNewLine(intent: ActionIntent, target: DescribedTarget): boolean {
  return target.enterInsertsLine === true || (intent.lineBreak === true && target.multiline === true);
}

/** A javascript: link or one to a spot of the same document does not load anything. */
function navigatesAway(link: URL, page: URL | null): boolean {
  if (link.protocol !== "http:" && link.protocol !== "https:") return false;
  if (page === null) return true;
  return link.origin !== page.origin || link.pathname !== page.pathname || link.search !== page.search;
}

function isPressable(target: DescribedTarget): boolean {
  return PRESSABLE_ROLES.has(target.role) || target.tag === "button" || target.tag === "a" || target.tag === "summary";
}

function isButton(target: DescribedTarget): boolean {
  return target.role === "button" || target.tag === "button" || ["button", "submit", "image"].includes(target.type);
}

function sorted(findings: Finding[]): Finding[] {
  return [...findings].sort((a, b) => SEVERITY.indexOf(a.category) - SEVERITY.indexOf(b.category));
}

/** The distinct categories of findings (from every step of a batch), most consequential first. */
export function categoriesOf(findings: Finding[]): ConfirmationCategory[] {
  return SEVERITY.filter((category) => findings.some((finding) => finding.category === category));
}
