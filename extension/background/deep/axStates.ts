import { axProperty, type AXNode } from "./axNode.js";
import type { DomFacts } from "./frameMap.js";

/** Input types whose [type=...] tells the agent something the role does not (as in DOM snapshots). */
const PRINTED_INPUT_TYPES = new Set(["email", "tel", "url", "password", "date", "datetime-local", "time", "month", "week", "file", "color"]);
const VALUE_ROLES = new Set(["textbox", "searchbox", "combobox", "slider", "spinbutton"]);
const MAX_PRINTED_CHARS = 100;

export function truncate(text: string, limit = MAX_PRINTED_CHARS): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1).trimEnd()}…`;
}

/** State annotations in the DOM snapshot's order: checked, disabled, expanded, selected, pressed, level, type, value. */
export function renderAxStates(node: AXNode, role: string, facts: DomFacts | undefined): string[] {
  const states: string[] = [];
  const checked = axProperty(node, "checked");
  if (checked === "true" || checked === true) states.push("[checked]");
  else if (checked === "mixed") states.push("[checked=mixed]");
  if (axProperty(node, "disabled") === true) states.push("[disabled]");
  if (axProperty(node, "expanded") === true) states.push("[expanded]");
  if (axProperty(node, "selected") === true) states.push("[selected]");
  const pressed = axProperty(node, "pressed");
  if (pressed === "true" || pressed === true) states.push("[pressed]");
  else if (pressed === "mixed") states.push("[pressed=mixed]");
  const level = axProperty(node, "level");
  if (role === "heading" && typeof level === "number") states.push(`[level=${level}]`);
  const type = facts?.localName === "input" ? (facts.attributes["type"] ?? "").toLowerCase() : "";
  if (PRINTED_INPUT_TYPES.has(type)) states.push(`[type=${type}]`);
  // Never a password's value: the agent sees [type=password] instead.
  const value = node.value?.value;
  if (VALUE_ROLES.has(role) && type !== "password" && (typeof value === "string" || typeof value === "number") && String(value) !== "") {
    states.push(`[value=${JSON.stringify(truncate(String(value)))}]`);
  }
  return states;
}
