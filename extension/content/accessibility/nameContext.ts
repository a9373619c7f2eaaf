import type { LayoutCache } from "../dom/layoutCache.js";
import { countPseudoCounters, type PseudoCounterValues } from "./cssCounters.js";
import { referencedElements } from "./idReferences.js";

/**
 * What name computations of one read pass share, built lazily and dropped with the
 * LayoutCache: which elements `aria-owns` moves (their DOM parent's name leaves them
 * out), and the CSS counter values of generated content.
 */
export class NameContext {
  private readonly owners = new Map<Document, Map<Element, Element>>();
  private readonly counters = new Map<Document, PseudoCounterValues>();

  constructor(readonly layout: LayoutCache) {}

  /** The element that owns `element` through aria-owns, if any (the first such owner in tree order). */
  ownerOf(element: Element): Element | undefined {
    return this.ownerMap(element.ownerDocument).get(element);
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
    for (const owner of Array.from(document.querySelectorAll("[aria-owns]"))) {
      // An owner that is aria-hidden or not rendered moves nothing: what it names stays where the DOM put it.
      if (owner.closest('[aria-hidden="true"]') !== null || this.unrendered(owner)) continue;
      for (const owned of referencedElements(owner, "aria-owns")) {
        if (!owners.has(owned) && !owned.contains(owner)) owners.set(owned, owner);
      }
    }
    this.owners.set(document, owners);
    return owners;
  }

  // display:contents boxes have no box of their own, which checkVisibility reads as hidden.
  private unrendered(element: Element): boolean {
    return this.layout.style(element).getPropertyValue("display") !== "contents" && !element.checkVisibility();
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
