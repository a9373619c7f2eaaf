import { quotePageString } from "./pageStrings.js";

/** Input types whose [type=...] tells the agent something the role does not. */
const PRINTED_INPUT_TYPES: ReadonlySet<string> = new Set([
  "email",
  "tel",
  "url",
  "password",
  "date",
  "datetime-local",
  "time",
  "month",
  "week",
  "file",
  "color",
]);
const VALUE_ROLES: ReadonlySet<string> = new Set(["textbox", "searchbox", "combobox", "slider", "spinbutton"]);

/** What an engine read about an element's state, before it becomes `[…]` annotations. */
export interface StateFacts {
  checked?: boolean | "mixed";
  disabled?: boolean;
  expanded?: boolean;
  selected?: boolean;
  pressed?: boolean | "mixed";
  /** Printed for headings only. */
  level?: number | null;
  /** The input's type attribute; printed only where the role does not already say it. */
  inputType?: string | null;
  /** The current value; printed for value roles only, never for a password. */
  value?: string | null;
}

/** Reading a value can cost (contenteditable text); an engine asks this first. */
export function printsValue(role: string): boolean {
  return VALUE_ROLES.has(role);
}

/** The bracketed state annotations of one snapshot line, in one fixed order for both engines. */
export function formatStates(role: string, facts: StateFacts): string[] {
  const states: string[] = [];
  if (facts.checked === "mixed") states.push("[checked=mixed]");
  else if (facts.checked === true) states.push("[checked]");
  if (facts.disabled === true) states.push("[disabled]");
  if (facts.expanded === true) states.push("[expanded]");
  if (facts.selected === true) states.push("[selected]");
  if (facts.pressed === "mixed") states.push("[pressed=mixed]");
  else if (facts.pressed === true) states.push("[pressed]");
  if (role === "heading" && typeof facts.level === "number") states.push(`[level=${facts.level}]`);
  const type = (facts.inputType ?? "").toLowerCase();
  if (PRINTED_INPUT_TYPES.has(type)) states.push(`[type=${type}]`);
  const value = facts.value;
  if (printsValue(role) && type !== "password" && typeof value === "string" && value !== "")
    states.push(`[value=${quotePageString(value)}]`);
  return states;
}
