import { getRole } from "dom-accessibility-api";
import { CONCRETE_ARIA_ROLES } from "./ariaRoleFacts.js";
import { composedParent } from "../dom/composedTree.js";
import * as dom from "../dom/intrinsics.js";

/**
 * The element's ARIA role as Chrome computes it (WAI-ARIA 1.2 role resolution, HTML-AAM):
 * the first role token that names a concrete role, case-insensitively, skipping abstract,
 * unknown and (when unnamed) region and form tokens; then the tag's implicit role.
 * "generic" stands for elements with no role of their own.
 */
export function ariaRole(element: Element): string {
  const role = explicitRole(element) ?? implicitRole(element);
  // HTML-AAM: a generic element that can be focused on load, dragged or popped up is a group.
  if (
    role === "generic" &&
    (dom.hasAttribute(element, "draggable") || dom.hasAttribute(element, "autofocus") || dom.hasAttribute(element, "popover"))
  )
    return "group";
  return role;
}

/** The first concrete role the author wrote, whatever its context: what an interactive widget claims to be. */
export function authoredRole(element: Element): string | null {
  const attribute = dom.getAttribute(element, "role");
  if (attribute === null) return null;
  for (const raw of attribute.split(ASCII_WHITESPACE)) {
    const token = ROLE_SYNONYMS[raw.toLowerCase()] ?? raw.toLowerCase();
    if (CONCRETE_ROLES.has(token)) return token;
  }
  return null;
}

const CONCRETE_ROLES: ReadonlySet<string> = new Set([
  ...CONCRETE_ARIA_ROLES,
  // ARIA 1.3 roles aria-query 5.3 does not know yet.
  "sectionheader",
  "sectionfooter",
]);
/**
 * Roles that mean nothing outside their container (ARIA "required context"); Chrome
 * computes an orphan's role from its tag instead. Menu items and tabs are left alone
 * as Chrome leaves them: sites use them outside menus and tab lists all the time.
 */
const REQUIRED_CONTEXT: Readonly<Record<string, readonly string[]>> = {
  treeitem: ["tree", "treegrid", "group"],
  option: ["listbox", "group", "combobox"],
  listitem: ["list", "group"],
};
/** How far up a required container is looked for; generic wrappers in between are skipped. */
const CONTEXT_SEARCH_DEPTH = 6;
/** Deprecated or renamed role tokens and what Chrome maps them to. */
const ROLE_SYNONYMS: Readonly<Record<string, string>> = { image: "img", directory: "list" };
const ASCII_WHITESPACE = /[\t\n\f\r ]+/;

function explicitRole(element: Element): string | null {
  const attribute = dom.getAttribute(element, "role");
  if (attribute === null) return null;
  for (const raw of attribute.split(ASCII_WHITESPACE)) {
    const token = ROLE_SYNONYMS[raw.toLowerCase()] ?? raw.toLowerCase();
    if (!CONCRETE_ROLES.has(token)) continue;
    if ((token === "region" || token === "form") && !hasAuthorName(element)) continue;
    if (!inRequiredContext(element, token)) continue;
    // Presentational roles yield to focusability and global ARIA attributes (ARIA 1.2 §9.3).
    if ((token === "none" || token === "presentation") && (isFocusable(element) || hasGlobalAriaAttribute(element))) return null;
    return token;
  }
  return null;
}

/**
 * Whether a role that needs a container has one. Chrome builds its tree from the flat tree, so
 * the container is looked for there: a web component's option (Shoelace's sl-option, its host
 * carrying role="option") is slotted into a listbox that lives in its select's shadow root,
 * while its DOM parent is the select's role-less host.
 */
function inRequiredContext(element: Element, role: string): boolean {
  const containers = REQUIRED_CONTEXT[role];
  if (containers === undefined) return true;
  let parent = composedParent(element);
  for (let depth = 0; parent !== null && depth < CONTEXT_SEARCH_DEPTH; depth++, parent = composedParent(parent)) {
    const parentRole = ariaRole(parent);
    if (parentRole === "generic" || parentRole === "none" || parentRole === "presentation") continue;
    // Native containers (a select, a datalist) hold options by their tag.
    return containers.includes(parentRole) || (role === "option" && parentRole === "combobox");
  }
  return false;
}

/** HTML-AAM mappings dom-accessibility-api 0.7 leaves out. */
const EXTRA_IMPLICIT_ROLES: Readonly<Record<string, string>> = {
  p: "paragraph",
  blockquote: "blockquote",
  caption: "caption",
  code: "code",
  del: "deletion",
  s: "deletion",
  dir: "list",
  ins: "insertion",
  em: "emphasis",
  strong: "strong",
  sub: "subscript",
  sup: "superscript",
  time: "time",
  mark: "mark",
  meter: "meter",
  dfn: "term",
  search: "search",
  address: "group",
  hgroup: "group",
};

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

function implicitRole(element: Element): string {
  const tag = dom.localName(element);
  if (dom.namespaceURI(element) === SVG_NAMESPACE) return svgRole(element);
  const extra = EXTRA_IMPLICIT_ROLES[tag];
  if (extra !== undefined) return extra;
  switch (tag) {
    case "header":
      return isSectioningScoped(element) ? "sectionheader" : "banner";
    case "footer":
      return isSectioningScoped(element) ? "sectionfooter" : "contentinfo";
    case "section":
      return hasAuthorName(element) ? "region" : "generic";
    case "td":
      return isInGrid(element) ? "gridcell" : "cell";
    case "th":
      return headerCellRole(element);
    default:
      break;
  }
  const role = tagRole(element);
  return role === null || role === "presentation" ? (role ?? "generic") : role;
}

/**
 * SVG-AAM as Chrome maps it: links, images, and the drawing's parts its author labelled
 * (an unlabelled shape, group or drawing is decoration, with no role of its own).
 */
function svgRole(element: Element): string {
  const tag = dom.localName(element);
  switch (tag) {
    case "a":
      return dom.hasAttribute(element, "href") || dom.hasAttributeNS(element, "http://www.w3.org/1999/xlink", "href") ? "link" : "group";
    case "image":
      return "img";
    default:
      break;
  }
  const labelledRole = SVG_LABELLED_ROLES[tag];
  return labelledRole !== undefined && (hasAuthorName(element) || hasSvgTitle(element)) ? labelledRole : "generic";
}

const SVG_LABELLED_ROLES: Readonly<Record<string, string>> = {
  g: "group",
  svg: "img",
  use: "graphics-object",
  circle: "graphics-symbol",
  ellipse: "graphics-symbol",
  line: "graphics-symbol",
  path: "graphics-symbol",
  polygon: "graphics-symbol",
  polyline: "graphics-symbol",
  rect: "graphics-symbol",
};

export function hasSvgTitle(element: Element): boolean {
  // Runs for every <g> of a drawing: walk the siblings rather than copy the children.
  for (let child = dom.firstElementChild(element); child !== null; child = dom.nextElementSibling(child))
    if (dom.localName(child) === "title") return true;
  return false;
}

/** dom-accessibility-api's implicit role, read without the role attribute that overrides it. */
function tagRole(element: Element): string | null {
  // The library reads a form's members off the form, where its named controls stand: a bare
  // copy has the form's attributes and none of its controls.
  if (dom.localName(element) === "form") return bareRole(element);
  if (!dom.hasAttribute(element, "role")) return getRole(element);
  // Custom elements have no implicit role, and cloning one would run the page's constructor.
  if (dom.localName(element).includes("-")) return null;
  return bareRole(element);
}

/** The role of a shallow copy without the role attribute: an element's own children and role left out. */
function bareRole(element: Element): string | null {
  const bare = dom.cloneNode(element, false) as Element;
  dom.removeAttribute(bare, "role");
  return getRole(bare);
}

function headerCellRole(element: Element): string {
  const scope = (dom.getAttribute(element, "scope") ?? "").toLowerCase();
  if (scope === "row" || scope === "rowgroup") return "rowheader";
  if (scope === "col" || scope === "colgroup") return "columnheader";
  // A header cell in a body row that also holds data cells heads that row.
  const row = dom.parentElement(element);
  if (row !== null && !isTheadRow(row) && Array.from(dom.children(row)).some((cell) => dom.localName(cell) === "td")) return "rowheader";
  return "columnheader";
}

function isTheadRow(row: Element): boolean {
  const group = dom.parentElement(row);
  return group !== null && dom.localName(group) === "thead";
}

function isInGrid(element: Element): boolean {
  const table = dom.closest(element, "table");
  const role = table === null ? "" : (dom.getAttribute(table, "role")?.toLowerCase() ?? "");
  return role === "grid" || role === "treegrid";
}

export function hasAuthorName(element: Element): boolean {
  return dom.hasAttribute(element, "aria-label") || dom.hasAttribute(element, "aria-labelledby") || dom.hasAttribute(element, "title");
}

export function isSectioningScoped(element: Element): boolean {
  const parent = dom.parentElement(element);
  return parent !== null && dom.closest(parent, "article, aside, main, nav, section") !== null;
}

const GLOBAL_ARIA_ATTRIBUTES = [
  "aria-atomic",
  "aria-busy",
  "aria-controls",
  "aria-current",
  "aria-describedby",
  "aria-details",
  "aria-dropeffect",
  "aria-flowto",
  "aria-grabbed",
  "aria-hidden",
  "aria-keyshortcuts",
  "aria-label",
  "aria-labelledby",
  "aria-live",
  "aria-owns",
  "aria-relevant",
  "aria-roledescription",
];

function hasGlobalAriaAttribute(element: Element): boolean {
  return GLOBAL_ARIA_ATTRIBUTES.some((name) => dom.hasAttribute(element, name));
}

function isFocusable(element: Element): boolean {
  if (dom.hasAttribute(element, "tabindex")) return true;
  switch (dom.localName(element)) {
    case "a":
    case "area":
      return dom.hasAttribute(element, "href");
    case "button":
    case "input":
    case "select":
    case "textarea":
      return !dom.hasAttribute(element, "disabled");
    default:
      return false;
  }
}
