import type { ElementStyle } from "../dom/elementStyle.js";
import type { LayoutCache } from "../dom/layoutCache.js";
import { ariaRole } from "./ariaRole.js";
import { countPseudoCounters, type PseudoCounterValues, type PseudoElement } from "./cssCounters.js";
import { referencedElements } from "./idReferences.js";
import * as dom from "../dom/intrinsics.js";

/** The three computed properties names read of every element they walk. */
export type NameStyle = Pick<ElementStyle, "display" | "visibility" | "textTransform">;

/**
 * What name computations of one read pass share, built lazily and dropped with the
 * LayoutCache: which elements `aria-owns` moves (their DOM parent's name leaves them
 * out), and the CSS counter values of generated content.
 */
export class NameContext {
  private readonly owners = new Map<Document, Map<Element, Element>>();
  private readonly counters = new Map<Document, PseudoCounterValues>();
  /**
   * Each element's ::before/::after name text, read once per pass: resolving a
   * pseudo-element's style is the dearest read a name makes, and nested names (a link in
   * a heading in a cell) would repeat it.
   */
  private readonly generated = new Map<Element, Partial<Record<PseudoElement, string>>>();
  private readonly roles = new Map<Element, string>();

  constructor(readonly layout: LayoutCache) {}

  /** The element that owns `element` through aria-owns, if any (the first such owner in tree order). */
  ownerOf(element: Element): Element | undefined {
    return this.ownerMap(dom.ownerDocument(element)).get(element);
  }

  /** ariaRole, once per element: resolving an explicit role can clone the element. */
  roleOf(element: Element): string {
    let role = this.roles.get(element);
    if (role === undefined) {
      role = ariaRole(element);
      this.roles.set(element, role);
    }
    return role;
  }

  /** The walker's own record of the element's style: names and the walk read each property once between them. */
  styleOf(element: Element): NameStyle {
    return this.layout.computed(element);
  }

  generatedText(element: Element, which: PseudoElement, read: () => string): string {
    let known = this.generated.get(element);
    if (known === undefined) {
      known = {};
      this.generated.set(element, known);
    }
    let text = known[which];
    if (text === undefined) {
      text = read();
      known[which] = text;
    }
    return text;
  }

  pseudoCounters(document: Document): PseudoCounterValues {
    let values = this.counters.get(document);
    if (values === undefined) {
      values = countPseudoCounters(document, this.layout);
      this.counters.set(document, values);
    }
    return values;
  }

  private ownerMap(document: Document): Map<Element, Element> {
    const known = this.owners.get(document);
    if (known !== undefined) return known;
    const owners = new Map<Element, Element>();
    for (const owner of Array.from(dom.querySelectorAll(document, "[aria-owns]"))) {
      // An owner that is aria-hidden or not rendered moves nothing: what it names stays where the DOM put it.
      if (dom.closest(owner, '[aria-hidden="true"]') !== null || this.unrendered(owner)) continue;
      for (const owned of referencedElements(owner, "aria-owns")) {
        if (!owners.has(owned) && !dom.contains(owned, owner)) owners.set(owned, owner);
      }
    }
    this.owners.set(document, owners);
    return owners;
  }

  // display:contents boxes have no box of their own, which checkVisibility reads as hidden.
  private unrendered(element: Element): boolean {
    return this.styleOf(element).display !== "contents" && !dom.checkVisibility(element);
  }
}

const contexts = new WeakMap<LayoutCache, NameContext>();

export function nameContextOf(layout: LayoutCache): NameContext {
  let context = contexts.get(layout);
  if (context === undefined) {
    context = new NameContext(layout);
    contexts.set(layout, context);
  }
  return context;
}
