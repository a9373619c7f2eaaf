import type { ContentResult } from "../../protocol/contentReplies.js";
import { describeElement } from "./accessibility/elementDescriptor.js";
import type { LayoutCache } from "./dom/layoutCache.js";
import { formContext } from "./formContext.js";
import { formFields } from "./formFields.js";
import * as dom from "./dom/intrinsics.js";

type FormFacts = Pick<
  ContentResult<"describe_ref">,
  | "submitsForm"
  | "inForm"
  | "formHasPassword"
  | "formAction"
  | "formMethod"
  | "formIsSearch"
  | "formFields"
  | "formSubmitName"
  | "formStep"
  | "formShowsTotal"
  | "formHasTerms"
>;

const SUBMIT_CONTROLS = "button:not([type]), button[type=submit i], input[type=submit i], input[type=image i]";
const QUERY_FIELD_NAME = /^(q|query|search|s|keywords?|terms?|search_?query|searchterm)$/i;
const SEARCH_ACTION = /\/(search|find)(\/|$)/i;
const VALID_METHODS = new Set(["get", "post", "dialog"]);

/**
 * What sending the element's form would do, read from the DOM: the submitter (the element
 * itself when it is a submit control, else the button Enter presses), where it goes, how,
 * whether the form is a search or holds a password, and what the page around it says of
 * the step it sends (formContext).
 */
export function formFacts(element: Element, layout: LayoutCache): FormFacts {
  const form = formOf(element);
  if (form === null) {
    // A page without a <form> still sends credentials when a script posts its password field.
    return {
      submitsForm: false,
      inForm: false,
      formHasPassword: dom.querySelector(dom.ownerDocument(element), "input[type=password i]") !== null,
    };
  }
  const submitsForm = dom.matches(element, SUBMIT_CONTROLS);
  const defaultButton = Array.from(dom.formElements(form)).find((control) => dom.matches(control, SUBMIT_CONTROLS));
  const submitter = submitsForm ? element : defaultButton;
  const action = submitterAction(form, submitter);
  return {
    submitsForm,
    inForm: true,
    formHasPassword: Array.from(dom.formElements(form)).some(isPasswordField),
    formAction: action,
    formMethod: submitterMethod(form, submitter),
    formIsSearch: isSearchForm(form, action),
    formFields: formFields(form),
    ...formContext(form, layout),
    ...(defaultButton === undefined ? {} : { formSubmitName: describeElement(defaultButton, layout).name }),
  };
}

function formOf(element: Element): HTMLFormElement | null {
  const owner = (element as HTMLInputElement).form;
  if (owner instanceof HTMLFormElement) return owner;
  return dom.closest(element, "form") as HTMLFormElement | null;
}

/** formaction on the submitter wins over the form's action (HTML form submission algorithm). */
function submitterAction(form: HTMLFormElement, submitter: Element | undefined): string {
  const own = submitter === undefined ? null : dom.getAttribute(submitter, "formaction");
  if (submitter !== undefined && own !== null && own.trim() !== "") {
    try {
      return new URL(own, dom.baseURI(submitter)).href;
    } catch {
      return dom.formAction(form);
    }
  }
  return dom.formAction(form);
}

function submitterMethod(form: HTMLFormElement, submitter: Element | undefined): "get" | "post" | "dialog" | "unset" {
  const written = (submitter === undefined ? null : dom.getAttribute(submitter, "formmethod")) ?? dom.getAttribute(form, "method");
  if (written === null) return "unset";
  const method = written.trim().toLowerCase();
  // An unknown method falls back to GET, as the browser submits it.
  return VALID_METHODS.has(method) ? (method as "get" | "post" | "dialog") : "get";
}

function isSearchForm(form: HTMLFormElement, action: string): boolean {
  if (dom.matches(form, "[role=search i]") || dom.closest(form, "search, [role=search i]") !== null) return true;
  if (dom.querySelector(form, "input[type=search i]") !== null) return true;
  const fields = Array.from(dom.formElements(form)).filter(isUserField);
  // A name alone does not make a search: a checkbox named "terms" is an agreement, not a query.
  if (
    fields.length === 1 &&
    fields.some((field) => isTextEntry(field) && QUERY_FIELD_NAME.test(dom.getAttribute(field, "name") ?? dom.id(field)))
  )
    return true;
  try {
    return fields.length <= 2 && SEARCH_ACTION.test(new URL(action).pathname);
  } catch {
    return false;
  }
}

/** A field a person fills in: not hidden, not a button. */
function isUserField(control: Element): boolean {
  if (control instanceof HTMLInputElement) return !["hidden", "submit", "button", "image", "reset"].includes(control.type);
  return control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement;
}

/** A field a query is typed into: text or search, as written (an unknown type is text). */
function isTextEntry(control: Element): boolean {
  if (!(control instanceof HTMLInputElement)) return false;
  const type = (dom.getAttribute(control, "type") ?? "text").trim().toLowerCase();
  return type === "text" || type === "search" || type === "";
}

function isPasswordField(control: Element): boolean {
  return control instanceof HTMLInputElement && control.type === "password";
}
