import { getRole } from "dom-accessibility-api";
import { roles } from "aria-query";

/**
 * The element's ARIA role as Chrome computes it (WAI-ARIA 1.2 role resolution, HTML-AAM):
 * the first role token that names a concrete role, case-insensitively, skipping abstract,
 * unknown and (when unnamed) region and form tokens; then the tag's implicit role.
 * "generic" stands for elements with no role of their own.
 */
export function ariaRole(element: Element): string {
  const role = explicitRole(element) ?? implicitRole(element);
  // HTML-AAM: a generic element that can be focused on load, dragged or popped up is a group.
  if (role === "generic" && (element.hasAttribute("draggable") || element.hasAttribute("autofocus") || element.hasAttribute("popover")))
    return "group";
  return role;
}

/** The first concrete role the author wrote, whatever its context: what an interactive widget claims to be. */
export function authoredRole(element: Element): string | null {
  const attribute = element.getAttribute("role");
  if (attribute === null) return null;
  for (const raw of attribute.split(ASCII_WHITESPACE)) {
    const token = ROLE_SYNONYMS[raw.toLowerCase()] ?? raw.toLowerCase();
    if (CONCRETE_ROLES.has(token)) return token;
  }
  return null;
}

const CONCRETE_ROLES: ReadonlySet<string> = new Set([
  ...[...roles.keys()].filter((key) => roles.get(key)?.abstract !== true),
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
  const attribute = element.getAttribute("role");
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

function inRequiredContext(element: Element, role: string): boolean {
  const containers = REQUIRED_CONTEXT[role];
  if (containers === undefined) return true;
  let parent = element.parentElement;
  for (let depth = 0; parent !== null && depth < CONTEXT_SEARCH_DEPTH; depth++, parent = parent.parentElement) {
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
  const tag = element.localName;
  if (element.namespaceURI === SVG_NAMESPACE) return svgRole(element);
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
  const tag = element.localName;
  switch (tag) {
    case "a":
      return element.hasAttribute("href") || element.hasAttributeNS("http://www.w3.org/1999/xlink", "href") ? "link" : "group";
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
  for (let child = element.firstElementChild; child !== null; child = child.nextElementSibling)
    if (child.localName === "title") return true;
  return false;
}

/** dom-accessibility-api's implicit role, read without the role attribute that overrides it. */
function tagRole(element: Element): string | null {
  if (!element.hasAttribute("role")) return getRole(element);
  // Custom elements have no implicit role, and cloning one would run the page's constructor.
  if (element.localName.includes("-")) return null;
  const bare = element.cloneNode(false) as Element;
  bare.removeAttribute("role");
  return getRole(bare);
}

function headerCellRole(element: Element): string {
  const scope = (element.getAttribute("scope") ?? "").toLowerCase();
  if (scope === "row" || scope === "rowgroup") return "rowheader";
  if (scope === "col" || scope === "colgroup") return "columnheader";
  // A header cell in a body row that also holds data cells heads that row.
  const row = element.parentElement;
  if (row !== null && row.parentElement?.localName !== "thead" && Array.from(row.children).some((cell) => cell.localName === "td"))
    return "rowheader";
  return "columnheader";
}

function isInGrid(element: Element): boolean {
  const table = element.closest("table");
  const role = table?.getAttribute("role")?.toLowerCase() ?? "";
  return role === "grid" || role === "treegrid";
}

export function hasAuthorName(element: Element): boolean {
  return element.hasAttribute("aria-label") || element.hasAttribute("aria-labelledby") || element.hasAttribute("title");
}

export function isSectioningScoped(element: Element): boolean {
  return element.parentElement?.closest("article, aside, main, nav, section") != null;
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
  return GLOBAL_ARIA_ATTRIBUTES.some((name) => element.hasAttribute(name));
}

function isFocusable(element: Element): boolean {
  if (element.hasAttribute("tabindex")) return true;
  switch (element.localName) {
    case "a":
    case "area":
      return element.hasAttribute("href");
    case "button":
    case "input":
    case "select":
    case "textarea":
      return !element.hasAttribute("disabled");
    default:
      return false;
  }
}
