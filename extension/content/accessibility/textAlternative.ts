import type { LayoutCache } from "../dom/layoutCache.js";
import { shadowRootOf } from "../dom/shadowRoot.js";
import type { PseudoElement } from "./cssCounters.js";
import { referencedElements } from "./idReferences.js";
import { nameContextOf, type NameContext, type NameStyle } from "./nameContext.js";
import { contentText, rendersContent } from "./pseudoContent.js";
import { applyTextTransform } from "./textTransform.js";
import { listMarkerText } from "./listMarker.js";
import * as dom from "../dom/intrinsics.js";

/**
 * The accessible name computation (accname 1.2 §4.3, with Chrome's choices where the spec
 * leaves room), unnormalised. It works on the rendered tree as Chrome names from it:
 * shadow roots and slots, generated content (strings, attr(), CSS counters, alternative
 * text), `text-transform`, spaces only around non-inline boxes, non-breaking spaces kept.
 */
export function textAlternative(element: Element, layout: LayoutCache): string {
  const context = nameContextOf(layout);
  const style = context.styleOf(element);
  if (excluded(element, style) || invisible(style)) return "";
  const walk: Walk = { root: element, context, path: new Set(), referenced: new Set(), budget: MAX_NAME_NODES };
  return nameOf(element, walk, { inLabelledBy: false, includeHidden: false, inContent: false });
}

/** Nodes one name may visit: a link around a whole article must not walk all of it. */
const MAX_NAME_NODES = 5_000;
const HTML_NAMESPACE = "http://www.w3.org/1999/xhtml";
const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
const XLINK_NAMESPACE = "http://www.w3.org/1999/xlink";
/** Never content, even inside a hidden subtree that aria-labelledby brings in. */
const NEVER_CONTENT_TAGS: ReadonlySet<string> = new Set(["script", "style", "template", "noscript"]);
/** Elements named from their content whatever role they map to. */
const CONTENT_NAMED_TAGS: ReadonlySet<string> = new Set(["label", "legend", "caption", "summary"]);
/**
 * Roles a root takes its name from content for, as Chrome does. ARIA 1.2 also lists
 * rowgroup and a few structural roles, which Chrome leaves unnamed: a tbody would
 * otherwise be named with its whole table's text.
 */
const CONTENT_NAMED_ROLES: ReadonlySet<string> = new Set([
  "button",
  "cell",
  "checkbox",
  "columnheader",
  "gridcell",
  "heading",
  "label",
  "legend",
  "link",
  "menuitem",
  "menuitemcheckbox",
  "menuitemradio",
  "option",
  "radio",
  "row",
  "rowheader",
  "switch",
  "tab",
  "tooltip",
  "treeitem",
]);
const NO_PSEUDO_TAGS: ReadonlySet<string> = new Set([
  "img",
  "input",
  "br",
  "hr",
  "iframe",
  "video",
  "audio",
  "canvas",
  "embed",
  "object",
  "wbr",
]);
const CONTROL_ROLES: ReadonlySet<string> = new Set([
  "textbox",
  "searchbox",
  "combobox",
  "listbox",
  "slider",
  "spinbutton",
  "progressbar",
  "meter",
  "scrollbar",
]);
const RANGE_ROLES: ReadonlySet<string> = new Set(["slider", "spinbutton", "progressbar", "meter", "scrollbar"]);
const ASCII_TEXT = /[^\t\n\f\r ]/;

interface Walk {
  readonly root: Element;
  readonly context: NameContext;
  /** Elements whose content is being walked: a cycle through aria-owns or labels stops here. */
  readonly path: Set<Element>;
  /** Elements aria-labelledby already named with: met again as content, they add nothing. */
  readonly referenced: Set<Element>;
  budget: number;
}

interface Step {
  /** Inside an aria-labelledby traversal: references are not followed a second time. */
  readonly inLabelledBy: boolean;
  /** The traversal's referenced element was hidden, so its hidden content counts. */
  readonly includeHidden: boolean;
  /** Walking a descendant for its ancestor's name (accname's "recursion"). */
  readonly inContent: boolean;
}

function nameOf(node: Node, walk: Walk, step: Step): string {
  if (walk.budget-- <= 0) return "";
  if (dom.nodeType(node) === Node.TEXT_NODE) return textNodeText(node as Text, walk, step);
  if (dom.nodeType(node) !== Node.ELEMENT_NODE) return "";
  const element = node as Element;
  if (walk.path.has(element) || NEVER_CONTENT_TAGS.has(dom.localName(element))) return "";
  if (step.inContent && walk.referenced.has(element)) return "";
  const style = walk.context.styleOf(element);
  if (!step.includeHidden && element !== walk.root && excluded(element, style)) return "";
  // A visibility:hidden element names nothing itself, but a visible descendant still counts.
  if (step.includeHidden || !invisible(style)) {
    const own = ownName(element, walk, step);
    if (own !== null) return own;
  }
  if (step.inContent || step.inLabelledBy || namedByContent(element, walk.context)) {
    const text = contentOf(element, walk, step);
    if (step.inContent || hasText(text)) return text;
  }
  if (step.inContent) return "";
  return tooltip(element) ?? "";
}

/** Steps 2B to 2E: aria-labelledby, an embedded control's value, aria-label, the host language. */
function ownName(element: Element, walk: Walk, step: Step): string | null {
  if (!step.inLabelledBy) {
    const targets = referencedElements(element, "aria-labelledby");
    if (targets.length > 0) {
      const text = targets
        .map((target) => {
          const includeHidden = step.includeHidden || hiddenWithAncestors(target, walk.context, true);
          const targetText = nameOf(target, walk, { inLabelledBy: true, includeHidden, inContent: false });
          walk.referenced.add(target);
          return targetText;
        })
        .join(" ");
      if (hasText(text)) return text;
    }
  }
  if (element !== walk.root && (step.inContent || step.inLabelledBy)) {
    const value = embeddedControlValue(element, walk, step);
    if (value !== null) return value;
  }
  // A slot is not rendered; what it shows is named by its assigned content.
  if (dom.localName(element) !== "slot") {
    const label = dom.getAttribute(element, "aria-label");
    if (label !== null && hasText(label)) return label;
  }
  if (isPresentational(element, walk.context)) return null;
  return hostLanguageName(element, walk, step);
}

function hostLanguageName(element: Element, walk: Walk, step: Step): string | null {
  if (dom.namespaceURI(element) === SVG_NAMESPACE) {
    const title = childByTag(element, "title");
    return title !== null && hasText(dom.textContent(title) ?? "") ? (dom.textContent(title) ?? "") : null;
  }
  switch (dom.localName(element)) {
    case "input":
      return inputName(element as HTMLInputElement, walk, step);
    case "button":
    case "select":
    case "textarea":
    case "meter":
    case "progress":
    case "output":
      return labelsName(element, walk, step);
    case "img":
    case "area":
      // alt="" marks decoration: no name, not even the title's.
      return dom.getAttribute(element, "alt");
    case "fieldset":
    case "table": {
      const caption = childByTag(element, dom.localName(element) === "fieldset" ? "legend" : "caption");
      if (caption === null) return null;
      const text = nameOf(caption, walk, { ...step, inContent: false });
      return hasText(text) ? text : null;
    }
    case "optgroup": {
      const label = dom.getAttribute(element, "label");
      return label !== null && hasText(label) ? label : null;
    }
    default:
      return null;
  }
}

function inputName(input: HTMLInputElement, walk: Walk, step: Step): string | null {
  const type = input.type;
  if (type === "button" || type === "submit" || type === "reset") {
    const value = input.getAttribute("value");
    if (value !== null && hasText(value)) return value;
    if (type === "submit") return "Submit";
    if (type === "reset") return "Reset";
  }
  const labelled = labelsName(input, walk, step);
  if (labelled !== null) return labelled;
  if (type === "image") {
    for (const attribute of ["alt", "title"]) {
      const value = input.getAttribute(attribute);
      if (value !== null && hasText(value)) return value;
    }
    return "Submit Query";
  }
  return null;
}

/** The text of the element's `<label>`s, joined; the element itself inside its label adds nothing. */
function labelsName(element: Element, walk: Walk, step: Step): string | null {
  const labels = (element as HTMLInputElement).labels;
  if (labels === undefined || labels === null || labels.length === 0) return null;
  walk.path.add(element);
  const text = Array.from(labels, (label) => nameOf(label, walk, { ...step, inContent: true }))
    .filter(hasText)
    .join(" ");
  walk.path.delete(element);
  return hasText(text) ? text : null;
}

/** Step 2C: a control inside a label or referenced content names with its value. */
function embeddedControlValue(element: Element, walk: Walk, step: Step): string | null {
  const localName = dom.localName(element);
  if (!dom.hasAttribute(element, "role") && localName !== "input" && localName !== "select" && localName !== "textarea") return null;
  const role = walk.context.roleOf(element);
  if (!CONTROL_ROLES.has(role)) return null;
  if (RANGE_ROLES.has(role)) {
    return dom.getAttribute(element, "aria-valuetext") ?? dom.getAttribute(element, "aria-valuenow") ?? nativeValue(element) ?? "";
  }
  if (localName === "select") return selectedOptionsText(Array.from((element as HTMLSelectElement).selectedOptions), walk, step);
  if (localName === "input" || localName === "textarea") return (element as HTMLInputElement).value;
  if (role === "listbox") return selectedOptionsText(Array.from(dom.querySelectorAll(element, '[aria-selected="true"]')), walk, step);
  if (role === "combobox") return contentOf(element, walk, step);
  return dom.textContent(element) ?? "";
}

function nativeValue(element: Element): string | null {
  if (dom.localName(element) === "input") return (element as HTMLInputElement).value;
  return dom.getAttribute(element, "value");
}

function selectedOptionsText(options: Element[], walk: Walk, step: Step): string {
  return options.map((option) => nameOf(option, walk, { ...step, inContent: true })).join(" ");
}

/** Steps 2F-2H: ::before, each child (in the flat tree, aria-owns order), ::after. */
function contentOf(element: Element, walk: Walk, step: Step): string {
  const childStep: Step = { ...step, inContent: true };
  const { context } = walk;
  walk.path.add(element);
  let text = markerText(element, walk, step) + pseudoText(element, "::before", walk);
  forEachNameChild(element, (child) => {
    if (dom.nodeType(child) === Node.ELEMENT_NODE) {
      const owner = context.ownerOf(child as Element);
      if (owner !== undefined && owner !== element) return;
    }
    text += spaced(child, nameOf(child, walk, childStep), walk);
  });
  if (dom.hasAttribute(element, "aria-owns")) {
    for (const owned of referencedElements(element, "aria-owns")) {
      if (context.ownerOf(owned) !== element) continue;
      // Being owned lifts an ancestor's aria-hidden; not rendering at all is not lifted.
      if (!step.includeHidden && hiddenWithAncestors(owned, context, false)) continue;
      text += spaced(owned, nameOf(owned, walk, childStep), walk);
    }
  }
  text += pseudoText(element, "::after", walk);
  walk.path.delete(element);
  return text;
}

/** The element's children in the flat tree: a shadow root's, or a slot's assigned nodes. */
function forEachNameChild(element: Element, visit: (child: Node) => void): void {
  if (dom.localName(element) === "slot") {
    const assigned = (element as HTMLSlotElement).assignedNodes();
    if (assigned.length > 0) {
      assigned.forEach(visit);
      return;
    }
  }
  const parent: ParentNode & Node = shadowRootOf(element) ?? element;
  const svg = dom.namespaceURI(element) === SVG_NAMESPACE;
  for (let child = dom.firstChild(parent); child !== null; child = dom.nextSibling(child)) {
    // An SVG title or desc names or describes its parent; it is not part of the drawing.
    if (svg && (dom.nodeName(child) === "title" || dom.nodeName(child) === "desc")) continue;
    visit(child);
  }
}

/** Chrome puts a space around the text of every box that is not inline. */
function spaced(node: Node, text: string, walk: Walk): string {
  if (dom.nodeType(node) !== Node.ELEMENT_NODE) return text;
  const element = node as Element;
  if (dom.localName(element) === "br") return " ";
  const display = walk.context.styleOf(element).display;
  return display === "inline" || display === "contents" || display === "" ? text : ` ${text} `;
}

/**
 * A list item's marker, when aria-labelledby names an element with the item: the author
 * pointed at the item as the list shows it, marker first. Names from content (a menu
 * item, a cell holding a list) leave markers out, as Chrome does, so they say what the
 * item says.
 */
function markerText(element: Element, walk: Walk, step: Step): string {
  if (!step.inLabelledBy || dom.localName(element) !== "li" || dom.namespaceURI(element) !== HTML_NAMESPACE) return "";
  if (walk.context.styleOf(element).display !== "list-item") return "";
  const marker = listMarkerText(element, walk.context.layout);
  return marker === "" ? "" : ` ${marker} `;
}

function pseudoText(element: Element, which: PseudoElement, walk: Walk): string {
  // Only HTML boxes that are not replaced have ::before and ::after; reading others costs a style read for nothing.
  if (dom.namespaceURI(element) !== HTML_NAMESPACE || NO_PSEUDO_TAGS.has(dom.localName(element))) return "";
  const { context } = walk;
  return context.generatedText(element, which, () => readPseudoText(element, which, context));
}

function readPseudoText(element: Element, which: PseudoElement, context: NameContext): string {
  const style = context.layout.getComputedStyle(element, which);
  const content = style.getPropertyValue("content");
  // Most boxes have no generated content: each further property read costs as much as this one.
  if (!rendersContent(content)) return "";
  const display = style.getPropertyValue("display");
  if (display === "none") return "";
  const { text, fromAlternative } = contentText(content, {
    attribute: (name) => dom.getAttribute(element, name) ?? "",
    counterValues: (name) => context.pseudoCounters(dom.ownerDocument(element)).get(element)?.[which]?.get(name) ?? [],
  });
  const shown = fromAlternative ? text : applyTextTransform(text, style.getPropertyValue("text-transform"));
  if (display !== "inline" || fromAlternative) return ` ${shown} `;
  return shown;
}

function textNodeText(text: Text, walk: Walk, step: Step): string {
  const parent = text.parentElement ?? (text.parentNode instanceof ShadowRoot ? text.parentNode.host : null);
  if (parent === null) return text.data;
  const style = walk.context.styleOf(parent);
  if (!step.includeHidden && invisible(style)) return "";
  return style.textTransform === "none" ? text.data : applyTextTransform(text.data, style.textTransform);
}

function namedByContent(element: Element, context: NameContext): boolean {
  return CONTENT_NAMED_TAGS.has(dom.localName(element)) || CONTENT_NAMED_ROLES.has(context.roleOf(element));
}

/** Step 2I: the title attribute (SVG links also take xlink:title). */
function tooltip(element: Element): string | null {
  const title =
    dom.getAttribute(element, "title") ??
    (dom.namespaceURI(element) === SVG_NAMESPACE ? dom.getAttributeNS(element, XLINK_NAMESPACE, "title") : null);
  return title !== null && hasText(title) ? title : null;
}

function isPresentational(element: Element, context: NameContext): boolean {
  if (!dom.hasAttribute(element, "role")) return false;
  const role = context.roleOf(element);
  return role === "none" || role === "presentation";
}

/** Not rendered, or hidden from assistive technology with aria-hidden. */
function excluded(element: Element, style: NameStyle): boolean {
  return style.display === "none" || dom.getAttribute(element, "aria-hidden") === "true";
}

function invisible(style: NameStyle): boolean {
  return style.visibility === "hidden" || style.visibility === "collapse";
}

/**
 * Hidden by itself or by an ancestor: what decides whether a referenced subtree's hidden
 * parts count, and whether an owned element can be moved.
 */
function hiddenWithAncestors(element: Element, context: NameContext, ariaHiddenAncestors: boolean): boolean {
  const style = context.styleOf(element);
  if (excluded(element, style) || invisible(style)) return true;
  if (ariaHiddenAncestors && dom.closest(element, '[aria-hidden="true"]') !== null) return true;
  // display:contents boxes have no box of their own, which checkVisibility reads as hidden.
  return style.display !== "contents" && !dom.checkVisibility(element);
}

// Sibling links, not an array of children: this runs for every SVG a name walks, mostly finding nothing.
function childByTag(element: Element, localName: string): Element | null {
  for (let child = dom.firstElementChild(element); child !== null; child = dom.nextElementSibling(child))
    if (dom.localName(child) === localName) return child;
  return null;
}

function hasText(text: string): boolean {
  return ASCII_TEXT.test(text);
}
