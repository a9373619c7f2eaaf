import { formatStates } from "../../shared/elementStateFormat.js";
import { axProperty, type AXNode } from "./axNode.js";
import type { DomFacts } from "./frameMap.js";

/** State annotations read from the accessibility tree, printed by the formatter DOM snapshots use. */
export function renderAxStates(node: AXNode, role: string, facts: DomFacts | undefined): string[] {
  const checked = axProperty(node, "checked");
  const pressed = axProperty(node, "pressed");
  const level = axProperty(node, "level");
  const value: unknown = node.value?.value;
  return formatStates(role, {
    checked: checked === "mixed" ? "mixed" : checked === "true" || checked === true,
    disabled: axProperty(node, "disabled") === true,
    expanded: axProperty(node, "expanded") === true,
    selected: axProperty(node, "selected") === true,
    pressed: pressed === "mixed" ? "mixed" : pressed === "true" || pressed === true,
    level: typeof level === "number" ? level : null,
    inputType: facts?.localName === "input" ? (facts.attributes["type"] ?? "") : null,
    value: typeof value === "string" || typeof value === "number" ? String(value) : null,
  });
}
