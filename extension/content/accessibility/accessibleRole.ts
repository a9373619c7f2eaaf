import { getRole } from "dom-accessibility-api";

/**
 * Role as Chrome's accessibility tree would report it. dom-accessibility-api gives the
 * explicit or implicit ARIA role; HTML-AAM adds conditions it leaves out (a form or
 * section is a landmark only when named, header/footer only at page level) and
 * leaves some inputs role-less (password, date).
 */
export function computeRole(element: Element): string | null {
  const role = getRole(element);
  switch (role) {
    case "form":
    case "region":
      return element.hasAttribute("role") || hasAuthorName(element) ? role : null;
    case "banner":
    case "contentinfo":
      return element.hasAttribute("role") || !isSectioningScoped(element) ? role : null;
    case "presentation":
    case "none":
    case "generic":
      return null;
    // The fieldset's group is named by its legend; a second node would only repeat it.
    case "legend":
      return element.hasAttribute("role") ? role : null;
    case null:
      return implicitRoleForUnmapped(element);
    default:
      return role;
  }
}

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
  if (element.localName === "input") {
    const type = (element as HTMLInputElement).type;
    return TEXTLIKE_INPUT_ROLES[type] ?? null;
  }
  if (element.localName === "iframe" || element.localName === "frame") return "iframe";
  if (isEditableRoot(element)) return "textbox";
  return null;
}

function hasAuthorName(element: Element): boolean {
  return element.hasAttribute("aria-label") || element.hasAttribute("aria-labelledby") || element.hasAttribute("title");
}

function isSectioningScoped(element: Element): boolean {
  return element.parentElement?.closest("article, aside, main, nav, section") != null;
}

/** The outermost element of an editable region; its descendants are part of one textbox. */
export function isEditableRoot(element: Element): boolean {
  const html = element as HTMLElement;
  if (html.isContentEditable !== true) return false;
  const parent = html.parentElement;
  return parent === null || parent.isContentEditable !== true;
}
