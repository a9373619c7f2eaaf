import { normalizeWhitespace } from "../dom/textNormalize.js";
import { editingHostText } from "../dom/editingHostText.js";
import { formatStates, printsValue, type StateFacts } from "../../shared/elementStateFormat.js";
import * as dom from "../dom/intrinsics.js";

/** The bracketed state annotations of one snapshot line, printed by the one shared formatter; `value` when the caller has read it already. */
export function renderStates(
  element: Element,
  role: string,
  value: string | null = printsValue(role) ? currentValue(element) : null,
): string[] {
  const facts: StateFacts = {
    checked: checkedState(element, role),
    disabled: isDisabledElement(element),
    expanded: isExpanded(element),
    selected: isSelected(element, role),
    pressed: pressedState(element),
    level: headingLevel(element, role),
    inputType: dom.localName(element) === "input" ? (element as HTMLInputElement).type : null,
    value,
  };
  return formatStates(role, facts);
}

const DISABLEABLE_TAGS: ReadonlySet<string> = new Set(["button", "input", "select", "textarea", "optgroup", "option", "fieldset"]);

export function isDisabledElement(element: Element): boolean {
  if (dom.getAttribute(element, "aria-disabled") === "true") return true;
  // Only form controls (and form-associated custom elements) can match :disabled; a selector match costs more than this test.
  if (!DISABLEABLE_TAGS.has(dom.localName(element)) && !dom.localName(element).includes("-")) return false;
  // :disabled covers the attribute and inheritance from a disabled fieldset.
  try {
    return dom.matches(element, ":disabled");
  } catch {
    return false;
  }
}

export function checkedState(element: Element, role: string): boolean | "mixed" {
  if (dom.localName(element) === "input") {
    const input = element as HTMLInputElement;
    if (input.type !== "checkbox" && input.type !== "radio") return false;
    return input.indeterminate ? "mixed" : input.checked;
  }
  if (!["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"].includes(role)) return false;
  const aria = dom.getAttribute(element, "aria-checked");
  return aria === "mixed" ? "mixed" : aria === "true";
}

function pressedState(element: Element): boolean | "mixed" {
  const pressed = dom.getAttribute(element, "aria-pressed");
  return pressed === "mixed" ? "mixed" : pressed === "true";
}

function isExpanded(element: Element): boolean {
  if (dom.getAttribute(element, "aria-expanded") === "true") return true;
  if (dom.localName(element) !== "summary") return false;
  const details = dom.parentElement(element);
  return details !== null && dom.localName(details) === "details" && dom.hasAttribute(details, "open");
}

function isSelected(element: Element, role: string): boolean {
  if (dom.getAttribute(element, "aria-selected") === "true") return true;
  return role === "option" && dom.localName(element) === "option" && (element as HTMLOptionElement).selected;
}

function headingLevel(element: Element, role: string): number | null {
  if (role !== "heading") return null;
  const aria = Number.parseInt(dom.getAttribute(element, "aria-level") ?? "", 10);
  if (Number.isInteger(aria) && aria > 0) return aria;
  const match = /^h([1-6])$/.exec(dom.localName(element));
  return match?.[1] !== undefined ? Number(match[1]) : 2;
}

/** Never the value of a password field: the agent sees [type=password] instead. */
export function currentValue(element: Element): string | null {
  switch (dom.localName(element)) {
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
  const valueText = dom.getAttribute(element, "aria-valuetext") ?? dom.getAttribute(element, "aria-valuenow");
  if (valueText !== null) return valueText;
  if (dom.isContentEditable(element as HTMLElement) === true) return normalizeWhitespace(editingHostText(element as HTMLElement));
  return null;
}
