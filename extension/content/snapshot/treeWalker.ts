import type { HopRecorder } from "../../../protocol/hopTrace.js";
import { FALLBACK_ROLE, computeRole, isEditableRoot } from "../accessibility/accessibleRole.js";
import { displayName } from "../accessibility/elementDescriptor.js";
import { currentValue, renderStates } from "../accessibility/elementStates.js";
import { printsValue } from "../../shared/elementStateFormat.js";
import { valueContinuation } from "../../shared/valueContinuation.js";
import { isReadOnlyField } from "../dom/readOnlyField.js";
import { interactiveReason } from "../accessibility/interactiveDetection.js";
import { hasRecordedListener, recordedHandlerTypes, scanFrameworkHandlers } from "../pageRecord/pageRecord.js";
import { typesWorthSaying } from "../../shared/handlerTypes.js";
import { nameFromContents } from "../accessibility/roleMetadata.js";
import { isElement, isText } from "../dom/composedTree.js";
import type { ElementStyle } from "../dom/elementStyle.js";
import type { LayoutCache } from "../dom/layoutCache.js";
import { shadowRootOf } from "../dom/shadowRoot.js";
import { normalizeWhitespace } from "../dom/textNormalize.js";
import { extendFrameChain, frameDocument, type FrameChain } from "../refs/frameChain.js";
import { BLOCK_BREAK, type ElementNode, type SnapshotNode, type TextNode, type WalkItem } from "./snapshotTree.js";
import { dropCoveredByName, mergeTextRuns } from "./textRuns.js";
import { forEachShownSvgElement, isSvgTextContent, svgChildrenShown } from "./svgContent.js";
import type { FrameTransform } from "../../shared/geometry.js";
import { frameContentTransform } from "../dom/frameGeometry.js";
import type { Placement } from "./viewportGeometry.js";
import * as dom from "../dom/intrinsics.js";

export interface WalkContext {
  readonly layout: LayoutCache;
  readonly frameChain: FrameChain;
  readonly frameTransform: FrameTransform;
  /** Inside a <label> whose control is shown: the control's name already carries this text. */
  readonly suppressText: boolean;
  /** Shared by the whole walk: lets a wrapper learn whether its subtree holds a target. */
  readonly counter: { interactive: number };
  /** A list-like container with a recorded listener: its items are the targets of a delegated handler. */
  readonly delegatedBy?: Element | undefined;
  /** Shared by the whole walk when given: every shadow root and frame document it read, for a cache to watch. */
  readonly roots?: (Document | ShadowRoot)[] | undefined;
  /** A traced call's recorder: the top document's framework-handler scan is marked on it. */
  readonly hops?: HopRecorder | undefined;
}

const SKIPPED_TAGS = new Set(["script", "style", "noscript", "template", "head", "meta", "link", "title", "base"]);
/** Elements whose DOM children are not content the agent reads as a tree. */
const CHILDLESS_TAGS = new Set(["input", "textarea", "img", "canvas", "video", "audio", "object", "embed", "math", "br", "hr"]);
/** An SVG drawing's text and unlabelled shapes are left out (svgContent.ts). */
const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
const INLINE_DISPLAYS = new Set(["inline", "contents"]);
const NON_SPACE = /\S/;
/** Roles that carry nothing without a name or a ref; their children are promoted. */
const ROLES_DROPPED_WHEN_UNNAMED = new Set(["img", "group", "rowgroup", "presentation", "none", "generic"]);

export function walkDocument(document: Document, context: WalkContext): SnapshotNode[] {
  const root = dom.body(document) ?? dom.documentElement(document);
  if (root === null) return [];
  // The recorder watches the top document only; frames inside it are read without a scan.
  if (context.frameChain.length === 0) {
    scanFrameworkHandlers();
    context.hops?.mark("page: framework-handler scan");
  }
  const items: WalkItem[] = [];
  const style = context.layout.computed(root);
  // An editable body (a rich-text editor's frame, as TinyMCE's classic mode makes one) is itself the textbox.
  if (isEditableRoot(root)) walkElement(root, style.cursor, context, items);
  else if (style.display !== "none") walkChildren(root, style.cursor, context, items);
  return mergeTextRuns(items);
}

function walkChildren(parent: Element, cursor: string, context: WalkContext, out: WalkItem[]): void {
  const shadow = shadowRootOf(parent);
  if (shadow !== null) {
    context.roots?.push(shadow);
    for (let child = shadow.firstChild; child !== null; child = dom.nextSibling(child)) walkNode(child, parent, cursor, context, out);
    return;
  }
  if (dom.localName(parent) === "slot") {
    const assigned = (parent as HTMLSlotElement).assignedNodes();
    if (assigned.length > 0) {
      for (const node of assigned) walkNode(node, dom.parentElement(node) ?? parent, cursor, context, out);
      return;
    }
  }
  if (dom.localName(parent) === "details" && !dom.hasAttribute(parent, "open")) {
    const summary = Array.from(dom.children(parent)).find((child) => dom.localName(child) === "summary");
    if (summary !== undefined) walkElement(summary, cursor, context, out);
    return;
  }
  for (let child = dom.firstChild(parent); child !== null; child = dom.nextSibling(child)) walkNode(child, parent, cursor, context, out);
}

function walkNode(node: Node, parent: Element, cursor: string, context: WalkContext, out: WalkItem[]): void {
  if (isElement(node)) walkElement(node, cursor, context, out);
  else if (isText(node)) walkText(node, parent, context, out);
}

function walkText(node: Text, parent: Element, context: WalkContext, out: WalkItem[]): void {
  if (context.suppressText) return;
  const text = node.data;
  if (text.length === 0) return;
  if (context.layout.computed(parent).visibility !== "visible") return;
  // Whitespace-only runs still separate words, but say nothing about position.
  out.push({ kind: "piece", text, placement: NON_SPACE.test(text) ? placementOf(parent, context) : null });
}

function walkElement(element: Element, parentCursor: string, context: WalkContext, out: WalkItem[]): void {
  const tag = dom.localName(element);
  if (SKIPPED_TAGS.has(tag)) return;
  if (dom.getAttribute(element, "aria-hidden") === "true" || dom.hasAttribute(element, "hidden")) return;
  const style = context.layout.computed(element);
  if (style.display === "none") return;
  if (tag === "br") {
    out.push(BLOCK_BREAK);
    return;
  }
  if (tag === "iframe" || tag === "frame") {
    walkFrame(element, style, context, out);
    return;
  }
  const visible = style.visibility === "visible";
  const role = visible ? computeRole(element) : null;
  const inheritsPointer = style.cursor === "pointer" && parentCursor === "pointer";
  let reason = visible
    ? interactiveReason(element, role, style.cursor, parentCursor, inheritsPointer && ownsContent(element, style))
    : null;
  if (reason === null && visible && context.delegatedBy !== undefined && isDelegatedItem(element, context.delegatedBy)) reason = "handler";
  const block = !INLINE_DISPLAYS.has(style.display);

  // Most elements are plain wrappers: stream their content straight into the parent's list.
  if (role === null && reason === null) {
    if (block) out.push(BLOCK_BREAK);
    walkContent(element, role, style.cursor, childContext(element, context), out);
    if (block) out.push(BLOCK_BREAK);
    return;
  }

  const before = context.counter.interactive;
  const childItems: WalkItem[] = [];
  walkContent(element, role, style.cursor, childContext(element, context), childItems);
  const wrapsTarget = context.counter.interactive > before;
  const interactive = reason !== null && !((reason === "pointer" || reason === "handler") && wrapsTarget);
  if (interactive) context.counter.interactive += 1;

  const node = interactive || role !== null ? buildNode(element, role, interactive, childItems, context) : null;
  if (node !== null && interactive) addHandledTypes(node, reason === "handler");
  if (node !== null && (interactive || node.name !== "" || (!ROLES_DROPPED_WHEN_UNNAMED.has(node.role) && carriesContent(node)))) {
    out.push(node);
    return;
  }
  if (block) out.push(BLOCK_BREAK);
  for (const item of childItems) out.push(item);
  if (block) out.push(BLOCK_BREAK);
}

function walkContent(element: Element, role: string | null, cursor: string, context: WalkContext, out: WalkItem[]): void {
  if (dom.localName(element) === "select") {
    collectOptions(element, context, out);
    return;
  }
  if (dom.namespaceURI(element) === SVG_NAMESPACE && !isSvgTextContent(element)) {
    if (svgChildrenShown(element)) forEachShownSvgElement(element, context.layout, (shown) => walkElement(shown, cursor, context, out));
    return;
  }
  if (CHILDLESS_TAGS.has(dom.localName(element))) return;
  if (role === "textbox" && isEditableRoot(element)) return;
  walkChildren(element, cursor, context, out);
}

function buildNode(element: Element, role: string | null, interactive: boolean, childItems: WalkItem[], context: WalkContext): ElementNode {
  const name = displayName(element, role, context.layout);
  const printedRole = role ?? FALLBACK_ROLE;
  const value = printsValue(printedRole) ? currentValue(element) : null;
  const placement = placementOf(element, context);
  const children = dropCoveredByName(mergeTextRuns(childItems), name, role === null || nameFromContents(role));
  const node: ElementNode = {
    kind: "element",
    element,
    role: printedRole,
    name,
    states: renderStates(element, printedRole, value),
    // The rest of a value its [value="…"] state cuts, first: the field's line shows it whole.
    children: value === null ? children : [...valueLines(value, placement), ...children],
    interactive,
    frameChain: context.frameChain,
    placement,
  };
  if (value !== null && value !== "" && isReadOnlyField(element)) node.readOnlyValue = value;
  return node;
}

function valueLines(value: string, placement: Placement): TextNode[] {
  return valueContinuation(value).map((text) => ({ kind: "text", text, placement }));
}

/** Says which events a target handles when a plain left click is not the way to use it. */
function addHandledTypes(node: ElementNode, handlerOnly: boolean): void {
  const types = typesWorthSaying(recordedHandlerTypes(node.element), handlerOnly);
  if (types.length > 0) node.listenerTypes = types;
}

function walkFrame(frame: Element, style: ElementStyle, context: WalkContext, out: WalkItem[]): void {
  if (style.visibility !== "visible") return;
  const document = frameDocument(frame);
  const states: string[] = [];
  let children: SnapshotNode[] = [];
  if (document === null) {
    states.push("[cross-origin]");
  } else {
    const rect = context.layout.rect(frame);
    context.roots?.push(document);
    children = walkDocument(document, {
      ...context,
      frameChain: extendFrameChain(context.frameChain, frame, document),
      frameTransform: frameContentTransform(frame, context.frameTransform, rect, style.declaration),
      suppressText: false,
    });
  }
  out.push({
    kind: "element",
    element: frame,
    role: "iframe",
    name: displayName(frame, "iframe", context.layout),
    states,
    children,
    interactive: false,
    frameChain: context.frameChain,
    placement: placementOf(frame, context),
  });
}

/** A native select's options live in a popup: listed for reading, without refs. */
function collectOptions(select: Element, context: WalkContext, out: WalkItem[]): void {
  for (const child of Array.from(dom.children(select))) {
    if (dom.localName(child) !== "option" && dom.localName(child) !== "optgroup") continue;
    if (dom.hasAttribute(child, "hidden")) continue;
    const role = dom.localName(child) === "option" ? "option" : "group";
    const children: WalkItem[] = [];
    if (role === "group") collectOptions(child, context, children);
    // An author's aria-label wins over the option's text, as in Chrome's accessibility tree.
    const ariaLabel = normalizeWhitespace(dom.getAttribute(child, "aria-label") ?? "");
    const label =
      ariaLabel !== ""
        ? ariaLabel
        : normalizeWhitespace(
            dom.localName(child) === "option" ? (child as HTMLOptionElement).label : (dom.getAttribute(child, "label") ?? ""),
          );
    out.push({
      kind: "element",
      element: child,
      role,
      name: label,
      states: renderStates(child, role),
      children: mergeTextRuns(children),
      interactive: false,
      frameChain: context.frameChain,
      placement: placementOf(child, context),
    });
  }
}

const LIST_LIKE_TAGS = new Set(["ul", "ol", "menu", "table", "tbody", "thead", "tfoot"]);
const LIST_LIKE_ROLES = new Set(["list", "listbox", "menu", "menubar", "tablist", "tree", "grid", "treegrid", "radiogroup", "toolbar"]);

/**
 * A container whose one listener serves its items (jQuery's `$(list).on("click", "li", …)`,
 * a tab strip's handler on the strip): the items, not the container, are what a user clicks.
 */
function isListLike(element: Element): boolean {
  return LIST_LIKE_TAGS.has(dom.localName(element)) || LIST_LIKE_ROLES.has(dom.getAttribute(element, "role") ?? "");
}

function isDelegatedItem(element: Element, container: Element): boolean {
  const parent = dom.parentElement(element);
  if (parent === container) return NON_SPACE.test(dom.textContent(element) ?? "") || REPLACED_TAGS.has(dom.localName(element));
  // Rows of a table whose listener sits on the table, through its implicit tbody.
  return dom.localName(element) === "tr" && parent !== null && dom.parentElement(parent) === container;
}

const REPLACED_TAGS = new Set(["img", "svg", "canvas", "video", "input", "textarea", "select"]);

/**
 * Whether an element holds a target of its own: a replaced box, or text of its own that
 * is not an inline run inside its parent's text ("Click <b>here</b>" is one target).
 */
function ownsContent(element: Element, style: ElementStyle): boolean {
  if (REPLACED_TAGS.has(dom.localName(element))) return true;
  if (!hasOwnText(element)) return false;
  const parent = dom.parentElement(element);
  return !(INLINE_DISPLAYS.has(style.display) && parent !== null && hasOwnText(parent));
}

function hasOwnText(element: Element): boolean {
  for (let child = dom.firstChild(element); child !== null; child = dom.nextSibling(child)) {
    if (isText(child) && NON_SPACE.test(child.data)) return true;
  }
  return false;
}

/** An unnamed landmark or list with nothing in it (an empty live region) is noise. */
function carriesContent(node: ElementNode): boolean {
  return node.children.length > 0 || node.states.length > 0;
}

function childContext(element: Element, context: WalkContext): WalkContext {
  const delegating = isListLike(element) && hasRecordedListener(element);
  if (delegating || context.delegatedBy !== undefined) context = { ...context, delegatedBy: delegating ? element : undefined };
  if (dom.localName(element) !== "label" || context.suppressText) return context;
  const control = (element as HTMLLabelElement).control;
  if (control === null || !isShown(control, context.layout)) return context;
  return { ...context, suppressText: true };
}

function isShown(element: Element, layout: LayoutCache): boolean {
  const style = layout.computed(element);
  return style.display !== "none" && style.visibility === "visible" && dom.getAttribute(element, "aria-hidden") !== "true";
}

function placementOf(element: Element, context: WalkContext): Placement {
  return { anchor: element, frame: context.frameTransform };
}
