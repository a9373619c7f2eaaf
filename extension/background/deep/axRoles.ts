import { axProperty, axRole, type AXNode } from "./axNode.js";
import type { DomFacts } from "./frameMap.js";

/** Chrome-internal roles printed under their ARIA name, so deep and DOM snapshots read alike. */
const ROLE_ALIASES: Record<string, string> = {
  image: "img",
  Iframe: "iframe",
  IframePresentational: "iframe",
  PopUpButton: "combobox",
  ToggleButton: "button",
  DisclosureTriangle: "button",
  MenuListOption: "option",
  Date: "textbox",
  DateTime: "textbox",
  InputTime: "textbox",
  Canvas: "canvas",
};

/** Roles that only carry their children: printing them would cost tokens and say nothing. */
const TRANSPARENT_ROLES = new Set([
  "none",
  "presentation",
  "generic",
  "RootWebArea",
  "WebArea",
  "LabelText",
  "MenuListPopup",
  "Unknown",
  "Ignored",
  "Pre",
  "Abbr",
  "Ruby",
  "Mark",
  "Time",
]);
/** Roles never printed, nor their subtree. */
export const SKIPPED_ROLES = new Set(["InlineTextBox", "LineBreak", "ListMarker"]);

const INTERACTIVE_ROLES = new Set([
  "button",
  "link",
  "textbox",
  "searchbox",
  "checkbox",
  "radio",
  "combobox",
  "listbox",
  "option",
  "menuitem",
  "menuitemcheckbox",
  "menuitemradio",
  "switch",
  "slider",
  "spinbutton",
  "tab",
  "treeitem",
]);

/** The printed role, or null for a role that stays out of the text (its children are hoisted). */
export function printedRole(node: AXNode, name: string): string | null {
  const role = axRole(node);
  if (role === "generic" && name !== "") return "generic";
  if (TRANSPARENT_ROLES.has(role) || role === "") return null;
  return ROLE_ALIASES[role] ?? role.charAt(0).toLowerCase() + role.slice(1);
}

/** Interactive elements get refs: widget roles, contenteditable, and tabindex >= 0 elements. */
export function isInteractive(node: AXNode, facts: DomFacts | undefined): boolean {
  if (node.ignored) return false;
  const role = ROLE_ALIASES[axRole(node)] ?? axRole(node);
  if (INTERACTIVE_ROLES.has(role)) return true;
  const editable = axProperty(node, "editable");
  if (editable === "richtext" || editable === "plaintext") return axProperty(node, "focusable") === true;
  const tabIndex = Number.parseInt(facts?.attributes["tabindex"] ?? "", 10);
  return Number.isInteger(tabIndex) && tabIndex >= 0 && axProperty(node, "focusable") === true;
}
