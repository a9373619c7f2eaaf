/**
 * The natives MAIN-world code calls, captured when this module is evaluated at
 * document_start, before any page script. Methods are pre-bound to Function.prototype.call
 * so that calling them later consults nothing the page can replace: neither the prototypes
 * they came from nor Function.prototype.call, whose replacement would otherwise be handed
 * our private channel as its `this` argument.
 */
const { bind, call } = Function.prototype;

export function uncurry<This, Args extends unknown[], Result>(
  method: (this: This, ...args: Args) => Result,
): (self: This, ...args: Args) => Result {
  return bind.call(call, method) as (self: This, ...args: Args) => Result;
}

function getter<This, Value>(prototype: object, name: string): (self: This) => Value {
  const get = Object.getOwnPropertyDescriptor(prototype, name)?.get;
  if (get === undefined) throw new TypeError(`no ${name} getter to capture`);
  return uncurry(get as (this: This) => Value);
}

export const objectKeys = Object.keys;
export const ownKeys = Reflect.ownKeys;
export const ownDescriptor = Object.getOwnPropertyDescriptor;
export const hasOwn = Object.hasOwn;
export const prototypeOf = Object.getPrototypeOf;
export const createObject = Object.create;
export const isArray = Array.isArray;
export const OBJECT_PROTOTYPE: object = Object.prototype;
export const NativeMap = Map;
export const mapGet = uncurry(Map.prototype.get as (this: Map<Element, number>, key: Element) => number | undefined);
export const mapSet = uncurry(Map.prototype.set as (this: Map<Element, number>, key: Element, value: number) => Map<Element, number>);
export const mapHas = uncurry(Map.prototype.has as (this: Map<Element, number>, key: Element) => boolean);
export const mapDelete = uncurry(Map.prototype.delete as (this: Map<Element, number>, key: Element) => boolean);
export const mapForEach = uncurry(
  Map.prototype.forEach as (this: Map<Element, number>, visit: (value: number, key: Element) => void) => void,
);
/** The same Map methods for the listener ledger's maps (listenerLedger.ts), whose keys and values vary. */
type AnyMap = Map<unknown, unknown>;
export const anyMapGet = uncurry(Map.prototype.get as (this: AnyMap, key: unknown) => unknown);
export const anyMapSet = uncurry(Map.prototype.set as (this: AnyMap, key: unknown, value: unknown) => AnyMap);
export const anyMapForEach = uncurry(Map.prototype.forEach as (this: AnyMap, visit: (value: unknown, key: unknown) => void) => void);
export const NativeWeakMap = WeakMap;
type AnyWeakMap = WeakMap<object, unknown>;
export const weakGet = uncurry(WeakMap.prototype.get as (this: AnyWeakMap, key: object) => unknown);
export const weakSet = uncurry(WeakMap.prototype.set as (this: AnyWeakMap, key: object, value: unknown) => AnyWeakMap);
/** An AbortSignal's state, read through the getter the browser's own check uses. */
export const signalAborted = getter<AbortSignal, boolean>(AbortSignal.prototype, "aborted");

export const addListener = uncurry(EventTarget.prototype.addEventListener);
export const removeListener = uncurry(EventTarget.prototype.removeEventListener);
export const dispatch = uncurry(EventTarget.prototype.dispatchEvent);
export const attachShadow = uncurry(Element.prototype.attachShadow);
export const getRootNode = uncurry(Node.prototype.getRootNode);
export const NativeMouseEvent = MouseEvent;
export const NativeEvent = Event;

export const documentElement = getter<Document, Element | null>(Document.prototype, "documentElement");
export const firstElementChild = getter<Element, Element | null>(Element.prototype, "firstElementChild");
export const nextElementSibling = getter<Element, Element | null>(Element.prototype, "nextElementSibling");
export const nodeType = getter<Node, number>(Node.prototype, "nodeType");
export const parentElement = getter<Node, Element | null>(Node.prototype, "parentElement");
export const elementQueryAll = uncurry(Element.prototype.querySelectorAll);
export const documentQueryAll = uncurry(Document.prototype.querySelectorAll);
export const nodeListLength = getter<NodeList, number>(NodeList.prototype, "length");
export const nodeListItem = uncurry(NodeList.prototype.item);
const shadowRootHost = getter<ShadowRoot, Element>(ShadowRoot.prototype, "host");
/** The mode the browser gave a root, not the one the page's init object claims when asked again. */
export const shadowRootMode = getter<ShadowRoot, ShadowRootMode>(ShadowRoot.prototype, "mode");
/** ToString once, as the native does, so an object type cannot answer one name to us and another to the browser. */
export const NativeString = String;
const ELEMENT_NODE = 1;

/**
 * Brand checks through captured getters, never `instanceof`: a page can give Element or
 * ShadowRoot a Symbol.hasInstance that answers whatever hides its listeners.
 */
export function isElement(value: unknown): value is Element {
  try {
    return nodeType(value as Node) === ELEMENT_NODE;
  } catch {
    return false;
  }
}

export function isShadowRoot(value: unknown): value is ShadowRoot {
  try {
    shadowRootHost(value as ShadowRoot);
    return true;
  } catch {
    return false;
  }
}

/**
 * A MouseEvent carrying `target` and `detail` whose init dictionary has no prototype: building
 * the event then reads no member the page could have put on Object.prototype.
 */
export function channelEvent(type: string, target: EventTarget, detail: number): MouseEvent {
  const init = createObject(null) as MouseEventInit;
  init.relatedTarget = target;
  init.detail = detail;
  return new NativeMouseEvent(type, init);
}
