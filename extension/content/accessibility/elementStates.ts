import { normalizeWhitespace } from "../dom/textNormalize.js";
import { quotePageString } from "../snapshot/pageStrings.js";

/** Input types whose [type=...] tells the agent something the role does not. */
const PRINTED_INPUT_TYPES = new Set(["email", "tel", "url", "password", "date", "datetime-local", "time", "month", "week", "file", "color"]);

const VALUE_ROLES = new Set(["textbox", "searchbox", "combobox", "slider", "spinbutton"]);

/** The bracketed state annotations of one snapshot line, in a fixed order. */
export function renderStates(element: Element, role: string): string[] {
  const states: string[] = [];
  const checked = checkedState(element, role);
  if (checked !== null) states.push(checked);
  if (isDisabledElement(element)) states.push("[disabled]");
  if (isExpanded(element)) states.push("[expanded]");
  if (isSelected(element, role)) states.push("[selected]");
  const pressed = element.getAttribute("aria-pressed");
  if (pressed === "true") states.push("[pressed]");
  else if (pressed === "mixed") states.push("[pressed=mixed]");
  const level = headingLevel(element, role);
  if (level !== null) states.push(`[level=${level}]`);
  const type = printedInputType(element);
  if (type !== null) states.push(`[type=${type}]`);
  const value = VALUE_ROLES.has(role) ? currentValue(element) : null;
  if (value !== null && value !== "") states.push(`[value=${quotePageString(value)}]`);
  return states;
}

const DISABLEABLE_TAGS: ReadonlySet<string> = new Set(["button", "input", "select", "textarea", "optgroup", "option", "fieldset"]);

export function isDisabledElement(element: Element): boolean {
  if (element.getAttribute("aria-disabled") === "true") return true;
  // Only form controls (and form-associated custom elements) can match :disabled; a selector match costs more than this test.
  if (!DISABLEABLE_TAGS.has(element.localName) && !element.localName.includes("-")) return false;
  // :disabled covers the attribute and inheritance from a disabled fieldset.
  try {
    return element.matches(":disabled");
  } catch {
    return false;
  }
}

function checkedState(element: Element, role: string): string | null {
  if (element.localName === "input") {
    const input = element as HTMLInputElement;
    if (input.type !== "checkbox" && input.type !== "radio") return null;
    if (input.indeterminate) return "[checked=mixed]";
    return input.checked ? "[checked]" : null;
  }
  if (!["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"].includes(role)) return null;
  const aria = element.getAttribute("aria-checked");
  if (aria === "mixed") return "[checked=mixed]";
  return aria === "true" ? "[checked]" : null;
}

function isExpanded(element: Element): boolean {
  if (element.getAttribute("aria-expanded") === "true") return true;
  if (element.localName !== "summary") return false;
  const details = element.parentElement;
  return details !== null && details.localName === "details" && details.hasAttribute("open");
}

function isSelected(element: Element, role: string): boolean {
  if (element.getAttribute("aria-selected") === "true") return true;
  return role === "option" && element.localName === "option" && (element as HTMLOptionElement).selected;
}

function headingLevel(element: Element, role: string): number | null {
  if (role !== "heading") return null;
  const aria = Number.parseInt(element.getAttribute("aria-level") ?? "", 10);
  if (Number.isInteger(aria) && aria > 0) return aria;
  const match = /^h([1-6])$/.exec(element.localName);
  return match?.[1] !== undefined ? Number(match[1]) : 2;
}

function printedInputType(element: Element): string | null {
  if (element.localName !== "input") return null;
  const type = (element as HTMLInputElement).type;
  return PRINTED_INPUT_TYPES.has(type) ? type : null;
}

/** Never the value of a password field: the agent sees [type=password] instead. */
export function currentValue(element: Element): string | null {
  switch (element.localName) {
    case "input": {
      const input = element as HTMLInputElement;
      return input.type === "password" ? null : input.value;
    }
    case "textarea":
      return (element as HTMLTextAreaElement).value;
    case "select": {
      const select = element as HTMLSelectElement;
      return select.multiple ? null : normalizeWhitespace(select.selectedOptions[0]?.label ?? "");
    }
    default:
      break;
  }
  const valueText = element.getAttribute("aria-valuetext") ?? element.getAttribute("aria-valuenow");
  if (valueText !== null) return valueText;
  if ((element as HTMLElement).isContentEditable === true) return normalizeWhitespace((element as HTMLElement).innerText);
  return null;
}
