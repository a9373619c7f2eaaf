import type { LayoutCache } from "../dom/layoutCache.js";
import { normalizeWhitespace } from "../dom/textNormalize.js";
import { quotePageString } from "../../shared/pageStrings.js";
import { computeName, textName } from "./accessibleName.js";
import { FALLBACK_ROLE, computeRole } from "./accessibleRole.js";
import { hasAuthorName } from "./ariaRole.js";
import { namingProhibited } from "./roleMetadata.js";
import * as dom from "../dom/intrinsics.js";

/**
 * What a ref promised the agent, recorded when the ref was printed. Strict recovery
 * compares these fields only: never the current value, which typing changes.
 */
export interface ElementDescriptor {
  role: string;
  name: string;
  tag: string;
  inputType: string;
  labelText: string;
  placeholder: string;
}

export function describeElement(element: Element, layout: LayoutCache): ElementDescriptor {
  const role = computeRole(element);
  return descriptorOf(element, role ?? FALLBACK_ROLE, displayName(element, role, layout));
}

/** For callers that already know the printed role and name (the snapshot walker). */
export function descriptorOf(element: Element, role: string, name: string): ElementDescriptor {
  return {
    role,
    name,
    tag: dom.localName(element),
    inputType: dom.localName(element) === "input" ? (element as HTMLInputElement).type : "",
    labelText: labelTextOf(element),
    placeholder: dom.getAttribute(element, "placeholder") ?? "",
  };
}

/**
 * The name printed in a snapshot line. Role-less targets (clickable divs) are named by
 * their text; rows are named only by authors, since their cells already carry the text.
 */
export function displayName(element: Element, role: string | null, layout: LayoutCache): string {
  // A role-less target the author named (aria-label on an orphaned option) keeps that name.
  if (role === null) return hasAuthorName(element) ? computeName(element, layout) || textName(element) : textName(element);
  if (role === "row" && !dom.hasAttribute(element, "aria-label") && !dom.hasAttribute(element, "aria-labelledby")) return "";
  if (namingProhibited(role)) return "";
  return computeName(element, layout);
}

export function sameDescriptor(a: ElementDescriptor, b: ElementDescriptor): boolean {
  return (
    a.role === b.role &&
    a.name === b.name &&
    a.tag === b.tag &&
    a.inputType === b.inputType &&
    a.labelText === b.labelText &&
    a.placeholder === b.placeholder
  );
}

/** `button "Save"`, for error messages. */
export function formatDescriptor(descriptor: ElementDescriptor): string {
  return descriptor.name === "" ? descriptor.role : `${descriptor.role} ${quotePageString(descriptor.name, 60)}`;
}

function labelTextOf(element: Element): string {
  const labels = (element as HTMLInputElement).labels;
  if (labels === undefined || labels === null || labels.length === 0) return "";
  return normalizeWhitespace(Array.from(labels, (label) => label.textContent ?? "").join(" "));
}
