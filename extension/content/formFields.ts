import * as dom from "./dom/intrinsics.js";
import type { ContentResult } from "../../protocol/contentReplies.js";

export type FormField = NonNullable<ContentResult<"describe_ref">["formFields"]>[number];

/** A form's listed controls; beyond this a form is a page of its own and the first ones say enough. */
const MAX_FIELDS = 64;
const NOT_SENT = new Set(["submit", "button", "image", "reset"]);

// Read through the prototypes: a field named "elements" or "getAttribute" shadows the form's own members.
const elementsOf = (form: HTMLFormElement): HTMLFormControlsCollection =>
  Reflect.get<HTMLFormElement, "elements">(HTMLFormElement.prototype, "elements", form);
const attribute = (element: Element, name: string): string | null => dom.getAttribute(element, name);

/**
 * The fields sending `form` would carry, hidden ones included (a transfer's amount often is):
 * name (or id), type and autocomplete of each control that has a value to send.
 */
export function formFields(form: HTMLFormElement): FormField[] {
  const controls = Array.from(elementsOf(form));
  const fields: FormField[] = [];
  for (const control of controls) {
    if (fields.length >= MAX_FIELDS) break;
    const type = fieldType(control);
    if (type === null) continue;
    const name = (attribute(control, "name") ?? attribute(control, "id") ?? "").slice(0, 200);
    const autocomplete = attribute(control, "autocomplete");
    fields.push({ name, type, ...(autocomplete === null || autocomplete === "" ? {} : { autocomplete: autocomplete.slice(0, 200) }) });
  }
  return fields;
}

function fieldType(control: Element): string | null {
  if (control instanceof HTMLInputElement) {
    const type = (attribute(control, "type") ?? "text").trim().toLowerCase() || "text";
    return NOT_SENT.has(type) ? null : type.slice(0, 40);
  }
  if (control instanceof HTMLSelectElement) return "select";
  if (control instanceof HTMLTextAreaElement) return "textarea";
  return null;
}
