import type { SemanticLocator } from "../../protocol/index.js";
import type { BodyPerception } from "./bodyPerception.js";

/** The lines of a perception one can act on, in document order. */
function actionable(perception: BodyPerception): { ref: string; role: string; name: string }[] {
  return perception.lines.flatMap((line) => (line.ref === undefined ? [] : [{ ref: line.ref, role: line.role, name: line.name }]));
}

/** What an element is in this state: its role, its name, and which of the elements so named it is. */
export function locatorOf(perception: BodyPerception, ref: string): SemanticLocator | undefined {
  let occurrence = 0;
  const lines = actionable(perception);
  const own = lines.find((line) => line.ref === ref);
  if (own === undefined) return undefined;
  for (const line of lines) {
    if (line.ref === ref) return { role: own.role, name: own.name, occurrence };
    if (line.role === own.role && line.name === own.name) occurrence++;
  }
  return undefined;
}

/** The element a locator names in this state, or undefined when there is none (or too few of them). */
export function refForLocator(perception: BodyPerception, locator: SemanticLocator): string | undefined {
  const matches = actionable(perception).filter((line) => line.role === locator.role && line.name === locator.name);
  return matches[locator.occurrence]?.ref;
}

/** The printed states of the element with this ref (`[checked]`, `[disabled]`, …). */
export function statesOf(perception: BodyPerception, ref: string): readonly string[] {
  return perception.lines.find((line) => line.ref === ref)?.states ?? [];
}

export function describeLocator(locator: SemanticLocator): string {
  return `${locator.role} "${locator.name}"${locator.occurrence > 0 ? ` #${locator.occurrence + 1}` : ""}`;
}
