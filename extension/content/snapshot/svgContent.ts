import { authoredRole, hasAuthorName, hasSvgTitle } from "../accessibility/ariaRole.js";
import type { LayoutCache } from "../dom/layoutCache.js";
import * as dom from "../dom/intrinsics.js";

/**
 * Which parts of an SVG drawing the snapshot shows. A drawing is mostly paths nobody
 * names; what a person or agent wants from it is what its author labelled (a `<title>`,
 * aria-label or aria-labelledby on a shape or group), its links, and elements given a
 * role. Those are handed to the walker as elements of their own; everything else is
 * passed over without a style read, so an icon costs a few attribute checks.
 */
export function forEachShownSvgElement(parent: Element, layout: LayoutCache, visit: (element: Element) => void): void {
  for (let child = dom.firstElementChild(parent); child !== null; child = dom.nextElementSibling(child)) {
    if (NEVER_DRAWN.has(dom.localName(child)) || dom.getAttribute(child, "aria-hidden") === "true") continue;
    if (isShownSvgElement(child)) visit(child);
    else if (CONTAINERS.has(dom.localName(child)) && dom.firstElementChild(child) !== null && layout.computed(child).display !== "none")
      forEachShownSvgElement(child, layout, visit);
  }
}

/** Whether an SVG element's own children can hold lines: not when its author made it one image. */
export function svgChildrenShown(element: Element): boolean {
  const role = authoredRole(element);
  return role === null || !ATOMIC_ROLES.has(role);
}

function isShownSvgElement(element: Element): boolean {
  if (hasAuthorName(element) || hasSvgTitle(element) || dom.hasAttribute(element, "role")) return true;
  return dom.localName(element) === "a" && (dom.hasAttribute(element, "href") || dom.hasAttributeNS(element, XLINK_NAMESPACE, "href"));
}

const XLINK_NAMESPACE = "http://www.w3.org/1999/xlink";
/** Elements that hold other drawing elements; an unlabelled one is looked through. */
const CONTAINERS: ReadonlySet<string> = new Set(["g", "svg", "a", "switch"]);
/** Definitions, resources and metadata: never drawn where they stand. */
const NEVER_DRAWN: ReadonlySet<string> = new Set([
  "defs",
  "symbol",
  "clipPath",
  "mask",
  "pattern",
  "marker",
  "linearGradient",
  "radialGradient",
  "filter",
  "title",
  "desc",
  "metadata",
  "style",
  "script",
  "foreignObject",
  "view",
]);
/** Roles whose children are presentational: the author's label stands for the whole drawing. */
const ATOMIC_ROLES: ReadonlySet<string> = new Set(["img", "graphics-symbol"]);
