import { handlerKeyBit, handlerPropertyBit, handlerBitTable } from "../../shared/handlerTypes.js";
import * as native from "./mainWorldIntrinsics.js";

/**
 * MAIN world: which elements a framework dispatches click, pointer, mouse or key events to,
 * read from the bookkeeping frameworks keep on DOM nodes. Frameworks that delegate (React 17+
 * listens on its root, Svelte 5 on the document, jQuery's `.on(selector)` on a container) put
 * no listener on the element itself, so addEventListener records never see it.
 *
 * Three shapes, none tied to one framework's property names. Each is an own, enumerable data
 * property of the node; a getter is never called and an object counts only when it is plain
 * (Object.prototype or no prototype), so class instances such as React's fibers or a Vue 2
 * component are not read.
 * - A bag of handlers: a plain object with function-valued `onClick`-style keys (React's
 *   `__reactProps$…`, Vue 3's `_vei`, Inferno's `$EV`) or event-type keys (Preact's `l`,
 *   `clickfalse`).
 * - A handler property: a function, or an array led by one, under an event type behind
 *   underscores or dollars (Svelte 5's `__click`, Solid's `$$click`).
 * - An events record: `events: {click: [{handler, selector}]}` (jQuery's data). A selector
 *   names the delegated targets among the owner's descendants; no selector, the owner itself.
 * A page can forge these for its own elements, as it can add listeners; it cannot make the
 * scan call into replaced natives, or reach the channel the results travel on.
 */
export type HandlerReport = (element: Element, mask: number) => void;

const BITS = handlerBitTable();
/** Beyond this a page is not an app's UI but a document; the rest is left to other rules. */
const MAX_ELEMENTS = 60_000;
/** A props bag has tens of keys; an object with thousands is a cache, not handlers. */
const MAX_BAG_KEYS = 256;
const MAX_RECORDED_HANDLERS = 64;
const MAX_DELEGATED_MATCHES = 2_000;
const ELEMENT_NODE = 1;

/**
 * A scan to run before each snapshot. Crossing to the isolated world costs an event per
 * element, the larger part of a scan on an app with thousands of handlers, so each scan
 * reports only what changed since the one before: new or different types, and 0 for an
 * element that no longer has any.
 */
export function frameworkHandlerScanner(report: HandlerReport): (document: Document) => void {
  let previous = new native.NativeMap<Element, number>();
  return (document) => {
    const current = new native.NativeMap<Element, number>();
    collect(document, (element, mask) => native.mapSet(current, element, (native.mapGet(current, element) ?? 0) | mask));
    native.mapForEach(current, (mask, element) => {
      if (native.mapGet(previous, element) !== mask) report(element, mask);
    });
    native.mapForEach(previous, (_, element) => {
      if (!native.mapHas(current, element)) report(element, 0);
    });
    previous = current;
  };
}

function collect(document: Document, found: HandlerReport): void {
  scanNode(document, found);
  let element = native.documentElement(document);
  for (let visited = 0; element !== null && visited < MAX_ELEMENTS; visited++) {
    const mask = scanNode(element, found);
    if (mask !== 0) found(element, mask);
    element = nextInTree(element);
  }
}

function nextInTree(element: Element): Element | null {
  const child = native.firstElementChild(element);
  if (child !== null) return child;
  for (let at: Element | null = element; at !== null; at = native.parentElement(at)) {
    const sibling = native.nextElementSibling(at);
    if (sibling !== null) return sibling;
  }
  return null;
}

/**
 * The node's own handler types; delegated targets go to `found` as they are met. Symbol
 * keys count too: Svelte 5 and Vue 3.5 keep their handlers under symbols.
 */
function scanNode(node: Element | Document, found: HandlerReport): number {
  let keys: Array<string | symbol>;
  try {
    keys = native.ownKeys(node);
  } catch {
    return 0;
  }
  let mask = 0;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string | symbol;
    const value = ownValue(node, key, true);
    if (typeof key === "string" && (typeof value === "function" || native.isArray(value)))
      mask |= handlerFunctionOf(value) ? handlerPropertyBit(key) : 0;
    else if (isPlainObject(value)) mask |= bagMask(value) | eventsRecordMask(node, value, found);
  }
  return mask;
}

/** A data property's value; undefined for a getter, a missing key, or a throwing proxy. */
function ownValue(owner: object, key: PropertyKey, enumerableOnly = false): unknown {
  try {
    const descriptor = native.ownDescriptor(owner, key);
    if (descriptor === undefined || (enumerableOnly && descriptor.enumerable !== true)) return undefined;
    return native.hasOwn(descriptor, "value") ? descriptor.value : undefined;
  } catch {
    return undefined;
  }
}

function isPlainObject(value: unknown): value is object {
  if (typeof value !== "object" || value === null || native.isArray(value)) return false;
  try {
    const prototype: unknown = native.prototypeOf(value);
    return prototype === null || prototype === native.OBJECT_PROTOTYPE;
  } catch {
    return false;
  }
}

/** A function, or an array led by one (Svelte passes a handler's arguments beside it). */
function handlerFunctionOf(value: unknown): boolean {
  return typeof (typeof value === "function" ? value : ownValue(value as object, 0)) === "function";
}

function bagMask(bag: object): number {
  const keys = safeKeys(bag);
  if (keys.length > MAX_BAG_KEYS) return 0;
  let mask = 0;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const bit = handlerKeyBit(key);
    if (bit !== 0 && typeof ownValue(bag, key) === "function") mask |= bit;
  }
  return mask;
}

function eventsRecordMask(owner: Element | Document, record: object, found: HandlerReport): number {
  const events = ownValue(record, "events");
  if (!isPlainObject(events)) return 0;
  const types = safeKeys(events);
  let mask = 0;
  for (let index = 0; index < types.length && index < MAX_BAG_KEYS; index++) {
    const type = types[index] as string;
    const bit = BITS[type] ?? 0;
    const handlers = bit === 0 ? undefined : ownValue(events, type);
    if (!native.isArray(handlers)) continue;
    for (let at = 0; at < handlers.length && at < MAX_RECORDED_HANDLERS; at++) {
      const entry = ownValue(handlers, at);
      if (!isPlainObject(entry) || typeof ownValue(entry, "handler") !== "function") continue;
      const selector = ownValue(entry, "selector");
      if (typeof selector === "string" && selector !== "") reportMatches(owner, selector, bit, found);
      else mask |= bit;
    }
  }
  return mask;
}

function reportMatches(owner: Element | Document, selector: string, bit: number, found: HandlerReport): void {
  let matches: NodeListOf<Element>;
  try {
    matches = native.nodeType(owner) === ELEMENT_NODE ? native.elementQueryAll(owner, selector) : native.documentQueryAll(owner, selector);
  } catch {
    // A selector only the library understands (jQuery's `:visible`): its targets stay unknown.
    return;
  }
  const length = native.nodeListLength(matches);
  for (let index = 0; index < length && index < MAX_DELEGATED_MATCHES; index++) {
    const match = native.nodeListItem(matches, index);
    if (match !== null) found(match as Element, bit);
  }
}

function safeKeys(value: object): string[] {
  try {
    return native.objectKeys(value);
  } catch {
    return [];
  }
}
