import { NAME_FROM_CONTENTS_ROLES, NAMING_PROHIBITED_ROLES } from "./ariaRoleFacts.js";

const NAME_FROM_CONTENTS: ReadonlySet<string> = new Set(NAME_FROM_CONTENTS_ROLES);
const NAMING_PROHIBITED: ReadonlySet<string> = new Set(NAMING_PROHIBITED_ROLES);

/**
 * Whether a role takes its name from its content (button, link, heading, cell...).
 * Such a node's text children repeat its name and are left out of the snapshot.
 */
export function nameFromContents(role: string): boolean {
  return NAME_FROM_CONTENTS.has(role);
}

/** Roles on which ARIA prohibits naming; computing a name for them is wasted work. */
export function namingProhibited(role: string): boolean {
  return NAMING_PROHIBITED.has(role);
}
