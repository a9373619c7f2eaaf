import { roles, type ARIARoleDefinitionKey } from "aria-query";

/**
 * Whether a role takes its name from its content (button, link, heading, cell...).
 * Such a node's text children repeat its name and are left out of the snapshot.
 */
export function nameFromContents(role: string): boolean {
  const cached = nameFromContentsCache.get(role);
  if (cached !== undefined) return cached;
  const definition = roles.get(role as ARIARoleDefinitionKey);
  const result = definition !== undefined && hasContentsNameSource(definition);
  nameFromContentsCache.set(role, result);
  return result;
}

/** Roles on which ARIA prohibits naming; computing a name for them is wasted work. */
export function namingProhibited(role: string): boolean {
  let prohibited = namingProhibitedCache.get(role);
  if (prohibited === undefined) {
    prohibited = prohibitsAriaLabel(role);
    namingProhibitedCache.set(role, prohibited);
  }
  return prohibited;
}

const namingProhibitedCache = new Map<string, boolean>();

function prohibitsAriaLabel(role: string): boolean {
  const definition = roles.get(role as ARIARoleDefinitionKey);
  if (definition === undefined) return false;
  // Typed as a map, shipped as an array in aria-query 5.3.
  const prohibited: unknown = definition.prohibitedProps;
  if (Array.isArray(prohibited)) return prohibited.includes("aria-label");
  return typeof prohibited === "object" && prohibited !== null && "aria-label" in prohibited;
}

const nameFromContentsCache = new Map<string, boolean>();

function hasContentsNameSource(definition: object): boolean {
  const nameFrom: unknown = (definition as { nameFrom?: unknown }).nameFrom;
  return Array.isArray(nameFrom) && nameFrom.includes("contents");
}
