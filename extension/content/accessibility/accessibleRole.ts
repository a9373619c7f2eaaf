import { ariaRole, hasAuthorName } from "./ariaRole.js";
import * as dom from "../dom/intrinsics.js";

/**
 * The role a snapshot line prints, or null for elements that get no line for their role:
 * the ARIA role (ariaRole.ts) without generic and text-level roles, an unnamed implicit
 * form, or a fieldset's legend; plus roles for inputs ARIA leaves role-less (password, date).
 */
export function computeRole(element: Element): string | null {
  const role = ariaRole(element);
  if (UNPRINTED_ROLES.has(role)) return implicitRoleForUnmapped(element);
  // The fieldset's group is named by its legend; a second node would only repeat it.
  if (role === "legend" && !dom.hasAttribute(element, "role")) return null;
  if (role === "form" && !dom.hasAttribute(element, "role") && !hasAuthorName(element)) return null;
  return role;
}

/**
 * Roles the snapshot does not give a line of their own: no role at all, and text-level
 * roles (a paragraph, emphasis, a section's header) whose content is printed as text.
 */
const UNPRINTED_ROLES: ReadonlySet<string> = new Set([
  "generic",
  "none",
  "presentation",
  "paragraph",
  "blockquote",
  "caption",
  "code",
  "deletion",
  "insertion",
  "emphasis",
  "strong",
  "subscript",
  "superscript",
  "time",
  "mark",
  "term",
  "sectionheader",
  "sectionfooter",
]);

/** Role printed for nodes that have a ref but no role of their own. */
export const FALLBACK_ROLE = "generic";

const TEXTLIKE_INPUT_ROLES: Record<string, string> = {
  password: "textbox",
  date: "textbox",
  "datetime-local": "textbox",
  month: "textbox",
  time: "textbox",
  week: "textbox",
  file: "button",
  color: "button",
};

function implicitRoleForUnmapped(element: Element): string | null {
  if (dom.localName(element) === "input") {
    const type = (element as HTMLInputElement).type;
    return TEXTLIKE_INPUT_ROLES[type] ?? null;
  }
  if (dom.localName(element) === "iframe" || dom.localName(element) === "frame") return "iframe";
  if (isEditableRoot(element)) return "textbox";
  return null;
}

/** The outermost element of an editable region; its descendants are part of one textbox. */
export function isEditableRoot(element: Element): boolean {
  // A root is made editable by its own attribute (or by designMode, on the body); reading
  // isContentEditable of every other element would cost a style read each.
  if (
    !dom.hasAttribute(element, "contenteditable") &&
    !(isBodyOfItsDocument(element) && dom.designMode(dom.ownerDocument(element)) === "on")
  )
    return false;
  const html = element as HTMLElement;
  if (dom.isContentEditable(html) !== true) return false;
  const parent = dom.parentElement(html);
  return parent === null || dom.isContentEditable(parent) !== true;
}

// The tag test first: asking the document for its body and designMode costs two DOM calls an element.
function isBodyOfItsDocument(element: Element): boolean {
  const tag = dom.localName(element);
  return (tag === "body" || tag === "frameset") && element === dom.body(dom.ownerDocument(element));
}
