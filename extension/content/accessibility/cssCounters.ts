import type { LayoutCache } from "../dom/layoutCache.js";
import { parseContent, rendersContent, usesCounters } from "./pseudoContent.js";
import * as dom from "../dom/intrinsics.js";

/** A counter property's pairs: `counter-reset: a 2 b` is [["a", 2], ["b", 0]]. */
export type CounterList = ReadonlyArray<readonly [string, number]>;

export interface CounterChanges {
  reset: CounterList;
  increment: CounterList;
  set: CounterList;
}

export function parseCounterList(value: string, defaultValue: number): CounterList {
  if (value === "" || value === "none") return [];
  const pairs: Array<[string, number]> = [];
  for (const token of value.trim().split(/\s+/)) {
    const number = /^[+-]?\d+$/.test(token) ? Number.parseInt(token, 10) : null;
    const last = pairs[pairs.length - 1];
    if (number !== null && last !== undefined) last[1] = number;
    // reversed(name) counts down from the item count; it is read as a plain reset here.
    else if (number === null) pairs.push([token.replace(/^reversed\((.*)\)$/, "$1"), defaultValue]);
  }
  return pairs;
}

/**
 * CSS counter scoping (CSS Lists 3 §4): a counter an element resets (or first increments
 * or sets) is in scope for that element, its following siblings and their descendants, so
 * its scope ends with the element's parent. `Scope` is whatever identifies that parent.
 */
export class CounterScopes<Scope> {
  private readonly instances = new Map<string, Array<{ value: number; scope: Scope }>>();

  /** Applies one element's (or pseudo-element's) counter properties in CSS order: reset, increment, set. */
  apply(changes: CounterChanges, scope: Scope): void {
    for (const [name, value] of changes.reset) {
      const stack = this.stack(name);
      const innermost = stack[stack.length - 1];
      // A sibling's reset replaces the counter its earlier sibling made; a nested one adds a level.
      if (innermost !== undefined && innermost.scope === scope) innermost.value = value;
      else stack.push({ value, scope });
    }
    for (const [name, amount] of changes.increment) this.update(name, scope, (value) => value + amount);
    for (const [name, value] of changes.set) this.update(name, scope, () => value);
  }

  /** Ends the scopes whose parent is `scope`: called once that parent's subtree is done. */
  leave(scope: Scope): void {
    for (const stack of this.instances.values()) {
      while (stack.length > 0 && stack[stack.length - 1]?.scope === scope) stack.pop();
    }
  }

  values(name: string): number[] {
    return (this.instances.get(name) ?? []).map((instance) => instance.value);
  }

  private update(name: string, scope: Scope, change: (value: number) => number): void {
    const stack = this.stack(name);
    const innermost = stack[stack.length - 1];
    if (innermost === undefined) stack.push({ value: change(0), scope });
    else innermost.value = change(innermost.value);
  }

  private stack(name: string): Array<{ value: number; scope: Scope }> {
    let stack = this.instances.get(name);
    if (stack === undefined) {
      stack = [];
      this.instances.set(name, stack);
    }
    return stack;
  }
}

export type PseudoElement = "::before" | "::after";

/** For each pseudo-element whose content uses counter(s), the values of those counters there. */
export type PseudoCounterValues = WeakMap<Element, Partial<Record<PseudoElement, ReadonlyMap<string, readonly number[]>>>>;

/**
 * Beyond this many elements the walk stops and later pseudo-elements read their counters
 * as unset: each element costs two pseudo-element style reads.
 */
const MAX_COUNTED_ELEMENTS = 20_000;
const HTML_NAMESPACE = "http://www.w3.org/1999/xhtml";

/**
 * Counter values for generated content, which no DOM API exposes: one walk of the
 * document in tree order applying every element's and pseudo-element's counter
 * properties. Run only when a name meets counter() in a pseudo-element's content.
 * Light DOM only: counters crossing into shadow trees are read as unset.
 */
export function countPseudoCounters(document: Document, layout: LayoutCache): PseudoCounterValues {
  const recorded: PseudoCounterValues = new WeakMap();
  const scopes = new CounterScopes<Node>();
  const root = dom.documentElement(document);
  if (root === null) return recorded;
  const work: Array<{ element: Element; exit: boolean }> = [{ element: root, exit: false }];
  let counted = 0;
  const pseudo = (element: Element, which: PseudoElement): void => {
    const style = layout.getComputedStyle(element, which);
    const content = style.getPropertyValue("content");
    if (!rendersContent(content) || style.getPropertyValue("display") === "none") return;
    scopes.apply(changesOf(style), element);
    if (!usesCounters(content)) return;
    const values = new Map<string, readonly number[]>();
    for (const name of counterNames(content)) values.set(name, scopes.values(name));
    recorded.set(element, { ...recorded.get(element), [which]: values });
  };
  while (work.length > 0) {
    const { element, exit } = work.pop() as { element: Element; exit: boolean };
    if (exit) {
      pseudo(element, "::after");
      scopes.leave(element);
      continue;
    }
    if (++counted > MAX_COUNTED_ELEMENTS) break;
    const style = layout.style(element);
    if (style.getPropertyValue("display") === "none") continue;
    scopes.apply(changesOf(style), dom.parentNode(element) ?? document);
    // Generated content exists on HTML boxes only; an SVG drawing holds none.
    if (dom.namespaceURI(element) !== HTML_NAMESPACE) continue;
    pseudo(element, "::before");
    work.push({ element, exit: true });
    for (let child = dom.lastElementChild(element); child !== null; child = dom.previousElementSibling(child))
      work.push({ element: child, exit: false });
  }
  return recorded;
}

function changesOf(style: CSSStyleDeclaration): CounterChanges {
  return {
    reset: parseCounterList(style.getPropertyValue("counter-reset"), 0),
    increment: parseCounterList(style.getPropertyValue("counter-increment"), 1),
    set: parseCounterList(style.getPropertyValue("counter-set"), 0),
  };
}

function counterNames(content: string): string[] {
  const parsed = parseContent(content);
  return [...parsed.main, ...(parsed.alternative ?? [])].flatMap((item) =>
    item.kind === "counter" || item.kind === "counters" ? [item.name] : [],
  );
}
