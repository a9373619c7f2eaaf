import { isEditableRoot } from "./accessibleRole.js";
import { authoredRole } from "./ariaRole.js";
import { hasRecordedListener } from "../pageRecord/pageRecord.js";
import * as dom from "../dom/intrinsics.js";

/**
 * Why an element gets a ref. "pointer" is the weakest reason: a cursor:pointer
 * wrapper loses its ref when something inside it is actionable on its own.
 */
export type InteractiveReason = "native" | "role" | "tabindex" | "editable" | "handler" | "pointer";

/** ARIA roles whose elements an agent acts on directly: each gets a ref. */
const INTERACTIVE_ROLES = new Set([
  "button",
  "link",
  "checkbox",
  "radio",
  "switch",
  "tab",
  "menuitem",
  "menuitemcheckbox",
  "menuitemradio",
  "option",
  // A listbox takes the keyboard and its selection as a whole (type-to-select, arrows), beside its options.
  "listbox",
  "textbox",
  "searchbox",
  "combobox",
  "slider",
  "spinbutton",
  "treeitem",
  "scrollbar",
]);

export function interactiveReason(
  element: Element,
  role: string | null,
  cursor: string,
  parentCursor: string | null,
  ownsContent: boolean,
): InteractiveReason | null {
  if (isNativelyInteractive(element)) return "native";
  if (role !== null && INTERACTIVE_ROLES.has(role) && !isNativeSelectOption(element)) return "role";
  // An orphaned widget role (an option outside any listbox) still says the author made it a target.
  const authored = authoredRole(element);
  if (authored !== null && INTERACTIVE_ROLES.has(authored) && !isNativeSelectOption(element)) return "role";
  if (hasNonNegativeTabIndex(element)) return "tabindex";
  if (isEditableRoot(element)) return "editable";
  if (dom.hasAttribute(element, "onclick") || hasRecordedListener(element)) return "handler";
  // The innermost elements of a pointer chain are what a user clicks (an autocomplete's
  // items, not its list): the start of a chain, and each element inside it with its own
  // text or box. A wrapper whose subtree has targets loses its ref (treeWalker.ts).
  if (cursor === "pointer" && (parentCursor !== "pointer" || ownsContent)) return "pointer";
  return null;
}

function isNativelyInteractive(element: Element): boolean {
  switch (dom.localName(element)) {
    case "a":
    case "area":
      return dom.hasAttribute(element, "href");
    case "button":
    case "select":
    case "textarea":
    case "summary":
      return true;
    case "input":
      return (element as HTMLInputElement).type !== "hidden";
    default:
      return false;
  }
}

// Options of a native <select> live in a browser popup; the select itself is the target.
function isNativeSelectOption(element: Element): boolean {
  return dom.localName(element) === "option" && dom.closest(element, "select") !== null;
}

function hasNonNegativeTabIndex(element: Element): boolean {
  const raw = dom.getAttribute(element, "tabindex");
  if (raw === null) return false;
  const value = Number.parseInt(raw, 10);
  return Number.isFinite(value) && value >= 0;
}
