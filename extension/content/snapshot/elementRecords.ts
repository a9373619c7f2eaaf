import type { SnapshotElement } from "../../../protocol/snapshotElements.js";
import { currentValue, isDisabledElement } from "../accessibility/elementStates.js";
import { normalizeWhitespace, truncateText } from "../dom/textNormalize.js";
import type { ElementNode, SnapshotNode } from "./snapshotTree.js";
import { distanceFromViewport, type Viewport } from "../../shared/geometry.js";
import type { Placement } from "./viewportGeometry.js";
import * as dom from "../dom/intrinsics.js";

/** Longest page string in a record: enough to tell elements apart, bounded like snapshot lines. */
const RECORD_TEXT_CHARS = 200;
const FORM_CONTROL_TAGS = new Set(["input", "textarea", "select"]);

/**
 * Element records of a snapshot's printed tree, in document order (`elements: true`):
 * every node with a ref, the options of a printed native <select> (which have no ref of
 * their own), and the <label>s of printed controls, just before their control.
 */
export function elementRecords(nodes: readonly SnapshotNode[]): SnapshotElement[] {
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const withRefs = new Set<Element>();
  const collect = (node: SnapshotNode): void => {
    if (node.kind !== "element") return;
    if (node.ref !== undefined) withRefs.add(node.element);
    node.children.forEach(collect);
  };
  nodes.forEach(collect);

  const records: SnapshotElement[] = [];
  const visit = (node: SnapshotNode, selectRef: string | undefined, selectInViewport: boolean): void => {
    if (node.kind !== "element") return;
    if (selectRef !== undefined && dom.localName(node.element) === "option") {
      records.push(optionRecord(node, selectRef, selectInViewport));
      return;
    }
    const inViewport = isInViewport(node.placement, viewport);
    if (node.ref !== undefined) {
      for (const label of labelsOf(node.element)) {
        if (!withRefs.has(label)) records.push(labelRecord(label, node, viewport));
      }
      records.push(refRecord(node, node.ref, inViewport));
    }
    const childSelect = dom.localName(node.element) === "select" ? node.ref : undefined;
    for (const child of node.children) visit(child, childSelect ?? selectRef, childSelect === undefined ? selectInViewport : inViewport);
  };
  for (const node of nodes) visit(node, undefined, false);
  return records;
}

function refRecord(node: ElementNode, ref: string, inViewport: boolean): SnapshotElement {
  const element = node.element;
  return {
    ref,
    tag: dom.localName(element),
    role: node.role,
    name: node.name,
    ariaLabel: boundedAttribute(element, "aria-label"),
    text: FORM_CONTROL_TAGS.has(dom.localName(element)) ? null : visibleText(element),
    attributes: attributesOf(element),
    inViewport,
    disabled: isDisabledElement(element),
    states: node.states,
  };
}

function optionRecord(node: ElementNode, selectRef: string, inViewport: boolean): SnapshotElement {
  const option = node.element as HTMLOptionElement;
  return {
    tag: "option",
    role: "option",
    name: node.name,
    ariaLabel: boundedAttribute(option, "aria-label"),
    text: node.name === "" ? null : node.name,
    attributes: { ...NO_ATTRIBUTES, value: truncateText(option.value, RECORD_TEXT_CHARS) },
    inViewport,
    disabled: option.disabled,
    states: node.states,
    option: { selectRef, index: option.index, selected: option.selected },
  };
}

function labelRecord(label: HTMLLabelElement, control: ElementNode, viewport: Viewport): SnapshotElement {
  const text = visibleText(label);
  const placement: Placement = control.placement === null ? null : { anchor: label, frame: control.placement.frame };
  return {
    tag: "label",
    role: null,
    name: text ?? "",
    ariaLabel: boundedAttribute(label, "aria-label"),
    text,
    attributes: NO_ATTRIBUTES,
    inViewport: isInViewport(placement, viewport),
    disabled: isDisabledElement(control.element),
    states: [],
    ...(control.ref === undefined ? {} : { labelFor: control.ref }),
  };
}

const NO_ATTRIBUTES: SnapshotElement["attributes"] = { name: null, value: null, placeholder: null, type: null, href: null, checked: null };

function attributesOf(element: Element): SnapshotElement["attributes"] {
  const tag = dom.localName(element);
  const input = tag === "input" ? (element as HTMLInputElement) : null;
  const masked = input?.type === "password" ? "•".repeat(input.value.length) : null;
  // The form value itself (a <select>'s is its selected option's value), never a password.
  const value =
    masked ??
    (FORM_CONTROL_TAGS.has(tag) ? (element as HTMLInputElement).value : (dom.getAttribute(element, "value") ?? currentValue(element)));
  return {
    name: boundedAttribute(element, "name"),
    value: value === null ? null : truncateText(value, RECORD_TEXT_CHARS),
    placeholder: boundedAttribute(element, "placeholder"),
    type: input !== null ? input.type : tag === "button" ? (element as HTMLButtonElement).type : boundedAttribute(element, "type"),
    href: tag === "a" || tag === "area" ? (element as HTMLAnchorElement).href || null : null,
    checked: input !== null && (input.type === "checkbox" || input.type === "radio") ? input.checked : null,
  };
}

function labelsOf(element: Element): HTMLLabelElement[] {
  const labels = (element as HTMLInputElement).labels;
  return labels === undefined || labels === null ? [] : Array.from(labels);
}

function visibleText(element: Element): string | null {
  const text = normalizeWhitespace(dom.innerText(element as HTMLElement) ?? dom.textContent(element) ?? "");
  return text === "" ? null : truncateText(text, RECORD_TEXT_CHARS);
}

function boundedAttribute(element: Element, name: string): string | null {
  const value = dom.getAttribute(element, name);
  return value === null ? null : truncateText(value, RECORD_TEXT_CHARS);
}

function isInViewport(placement: Placement, viewport: Viewport): boolean {
  return placement !== null && distanceFromViewport(dom.getBoundingClientRect(placement.anchor), placement.frame, viewport) === 0;
}
