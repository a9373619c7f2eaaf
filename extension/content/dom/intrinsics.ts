/**
 * The DOM members the content script reads, captured from the prototypes when this module is
 * evaluated, and called on the page's objects with the object as `this`. The isolated world's
 * prototypes are its own, but the page's named controls shadow every member of a form, and its
 * named images and forms every member of its document ([LegacyOverrideBuiltIns]), in this world
 * too: `<input name="getAttribute">` makes `form.getAttribute` that input. Read through here, a
 * clobbered name changes nothing. test/unit/contentIntrinsics.test.ts keeps every other module off
 * the page's objects' members.
 */
const { bind, call } = Function.prototype;

type Method = (...args: never[]) => unknown;
type MethodKeys<T> = { [K in keyof T]: T[K] extends Method ? K : never }[keyof T];

function captured(prototype: object, name: PropertyKey): PropertyDescriptor {
  const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
  if (descriptor === undefined) throw new TypeError(`no ${String(name)} to capture`);
  return descriptor;
}

function uncurry<F extends (...args: never[]) => unknown>(fn: F): (self: unknown, ...args: unknown[]) => unknown {
  return bind.call(call, fn) as (self: unknown, ...args: unknown[]) => unknown;
}

function getter<T, K extends keyof T>(prototype: T, name: K): (self: T) => T[K] {
  const get = captured(prototype as object, name).get;
  if (get === undefined) throw new TypeError(`${String(name)} has no getter`);
  return uncurry(get) as (self: T) => T[K];
}

function setter<T, K extends keyof T>(prototype: T, name: K): (self: T, value: T[K]) => void {
  const set = captured(prototype as object, name).set;
  if (set === undefined) throw new TypeError(`${String(name)} has no setter`);
  return uncurry(set);
}

function method<T, K extends MethodKeys<T>>(
  prototype: T,
  name: K,
): T[K] extends (...args: infer A) => infer R ? (self: T, ...args: A) => R : never {
  const value: unknown = captured(prototype as object, name).value;
  if (typeof value !== "function") throw new TypeError(`${String(name)} is not a method`);
  return uncurry(value as Method) as never;
}

// Node

export const nodeType = getter(Node.prototype, "nodeType");
export const nodeName = getter(Node.prototype, "nodeName");
export const parentNode = getter(Node.prototype, "parentNode");
export const parentElement = getter(Node.prototype, "parentElement");
export const ownerDocument = getter(Node.prototype, "ownerDocument") as (self: Node) => Document;
export const firstChild = getter(Node.prototype, "firstChild");
export const nextSibling = getter(Node.prototype, "nextSibling");
export const childNodes = getter(Node.prototype, "childNodes");
export const isConnected = getter(Node.prototype, "isConnected");
export const baseURI = getter(Node.prototype, "baseURI");
export const textContent = getter(Node.prototype, "textContent");
export const setTextContent = setter(Node.prototype, "textContent");
export const getRootNode = method(Node.prototype, "getRootNode");
export const contains = method(Node.prototype, "contains");
export const cloneNode = method(Node.prototype, "cloneNode");
export const dispatchEvent = method(EventTarget.prototype, "dispatchEvent");
export const addEventListener = method(EventTarget.prototype, "addEventListener");
export const removeEventListener = method(EventTarget.prototype, "removeEventListener");
const elementRemove = method(Element.prototype, "remove");
const characterDataRemove = method(CharacterData.prototype, "remove");
const elementReplaceWith = method(Element.prototype, "replaceWith");
const characterDataReplaceWith = method(CharacterData.prototype, "replaceWith");

/** Elements and text (CharacterData) each have their own copy of ChildNode's members. */
export function remove(self: ChildNode): void {
  if (nodeType(self) === 1) elementRemove(self as Element);
  else characterDataRemove(self as CharacterData);
}

export function replaceWith(self: ChildNode, ...nodes: Array<Node | string>): void {
  if (nodeType(self) === 1) elementReplaceWith(self as Element, ...nodes);
  else characterDataReplaceWith(self as CharacterData, ...nodes);
}

// Element

export const localName = getter(Element.prototype, "localName");
/** The animations running on this element itself (not its subtree), wherever its tree lives: a shadow root's animations are not the document's. */
export const elementAnimations = method(Element.prototype, "getAnimations");
export const namespaceURI = getter(Element.prototype, "namespaceURI");
export const id = getter(Element.prototype, "id");
export const shadowRoot = getter(Element.prototype, "shadowRoot");
export const assignedSlot = getter(Element.prototype, "assignedSlot");
export const nextElementSibling = getter(Element.prototype, "nextElementSibling");
export const previousElementSibling = getter(Element.prototype, "previousElementSibling");
export const clientWidth = getter(Element.prototype, "clientWidth");
export const clientHeight = getter(Element.prototype, "clientHeight");
export const scrollTop = getter(Element.prototype, "scrollTop");
export const scrollLeft = getter(Element.prototype, "scrollLeft");
export const scrollWidth = getter(Element.prototype, "scrollWidth");
export const scrollHeight = getter(Element.prototype, "scrollHeight");
export const currentCSSZoom = getter(Element.prototype, "currentCSSZoom");
export const getAttribute = method(Element.prototype, "getAttribute");
export const getAttributeNS = method(Element.prototype, "getAttributeNS");
export const hasAttribute = method(Element.prototype, "hasAttribute");
export const hasAttributeNS = method(Element.prototype, "hasAttributeNS");
export const setAttribute = method(Element.prototype, "setAttribute");
export const removeAttribute = method(Element.prototype, "removeAttribute");
export const closest: (self: Element, selectors: string) => Element | null = method(Element.prototype, "closest");
export const matches = method(Element.prototype, "matches");
export const getBoundingClientRect = method(Element.prototype, "getBoundingClientRect");
export const getClientRects = method(Element.prototype, "getClientRects");
export const checkVisibility = method(Element.prototype, "checkVisibility");
export const scrollIntoView = method(Element.prototype, "scrollIntoView");
export const scrollBy = method(Element.prototype, "scrollBy") as (self: Element, options: ScrollToOptions) => void;

// HTMLElement, and what HTML, SVG and MathML elements each have their own copy of

const HTML_NAMESPACE = "http://www.w3.org/1999/xhtml";
const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
const htmlInnerText = getter(HTMLElement.prototype, "innerText");
const htmlIsContentEditable = getter(HTMLElement.prototype, "isContentEditable");

function isHtml(element: Element): boolean {
  return namespaceURI(element) === HTML_NAMESPACE;
}

/** An SVG or MathML element has no innerText: its text content stands in, as layout-free text. */
export function innerText(element: HTMLElement): string {
  return isHtml(element) ? htmlInnerText(element) : (textContent(element) ?? "");
}

export function isContentEditable(element: HTMLElement): boolean {
  return isHtml(element) && htmlIsContentEditable(element);
}

/** focus, blur and tabIndex live on HTMLElement, SVGElement and MathMLElement alike, each its own. */
const FOCUS_OWNERS = { html: HTMLElement.prototype, svg: SVGElement.prototype, math: MathMLElement.prototype } as const;
const focusMethods = {
  html: method(FOCUS_OWNERS.html, "focus"),
  svg: method(FOCUS_OWNERS.svg, "focus"),
  math: method(FOCUS_OWNERS.math, "focus"),
};
const blurMethods = {
  html: method(FOCUS_OWNERS.html, "blur"),
  svg: method(FOCUS_OWNERS.svg, "blur"),
  math: method(FOCUS_OWNERS.math, "blur"),
};
const tabIndexGetters = {
  html: getter(FOCUS_OWNERS.html, "tabIndex"),
  svg: getter(FOCUS_OWNERS.svg, "tabIndex"),
  math: getter(FOCUS_OWNERS.math, "tabIndex"),
};

const MATHML_NAMESPACE = "http://www.w3.org/1998/Math/MathML";
const FOCUS_NAMESPACES: Readonly<Record<string, keyof typeof FOCUS_OWNERS>> = {
  [HTML_NAMESPACE]: "html",
  [SVG_NAMESPACE]: "svg",
  [MATHML_NAMESPACE]: "math",
};

/** HTML, SVG and MathML elements can take focus; an element of another namespace has no focus members. */
export function hasFocusMembers(element: Element): element is HTMLOrSVGElement & Element {
  return FOCUS_NAMESPACES[namespaceURI(element) ?? ""] !== undefined;
}

function focusOwner(element: Element): keyof typeof FOCUS_OWNERS {
  const owner = FOCUS_NAMESPACES[namespaceURI(element) ?? ""];
  if (owner === undefined) throw new TypeError(`<${localName(element)}> has no focus members`);
  return owner;
}

export function focus(element: HTMLOrSVGElement & Element, options?: FocusOptions): void {
  focusMethods[focusOwner(element)](element as never, options);
}

export function blur(element: HTMLOrSVGElement & Element): void {
  blurMethods[focusOwner(element)](element as never);
}

export function tabIndex(element: HTMLOrSVGElement & Element): number {
  return tabIndexGetters[focusOwner(element)](element as never);
}

// HTMLFormElement: the members a named control shadows first

export const formElements = getter(HTMLFormElement.prototype, "elements");
export const formAction = getter(HTMLFormElement.prototype, "action");

// Document

export const body = getter(Document.prototype, "body");
export const defaultView = getter(Document.prototype, "defaultView");
export const documentElement = getter(Document.prototype, "documentElement");
export const documentTitle = getter(Document.prototype, "title");
export const designMode = getter(Document.prototype, "designMode");
export const implementation = getter(Document.prototype, "implementation");
export const readyState = getter(Document.prototype, "readyState");
export const scrollingElement = getter(Document.prototype, "scrollingElement");
export const visibilityState = getter(Document.prototype, "visibilityState");
export const fonts = getter(Document.prototype, "fonts");
export const createRange = method(Document.prototype, "createRange");
const documentCreateElement = method(Document.prototype, "createElement");

/** A new HTML element owned by `self`. */
export function createElement(self: Document, localName: string): HTMLElement {
  return documentCreateElement(self, localName);
}
export const execCommand = method(Document.prototype, "execCommand");
export const getSelection = method(Document.prototype, "getSelection");
const documentImportNode = method(Document.prototype, "importNode");
const documentElementsByTagName = method(Document.prototype, "getElementsByTagName");

/** A copy of `node` owned by `self`, of the same kind as the original. */
export function importNode<T extends Node>(self: Document, node: T, deep: boolean): T {
  return documentImportNode(self, node, deep) as T;
}

export function getElementsByTagName(self: Document, name: string): HTMLCollectionOf<Element> {
  return documentElementsByTagName(self, name);
}

// Members of a mixin each of Element, Document and DocumentFragment (ShadowRoot) has its own copy of

const ELEMENT_NODE = 1;
const DOCUMENT_NODE = 9;

type Parent = Element | Document | DocumentFragment;
type Root = Document | ShadowRoot;
type Uncurried = (self: unknown, ...args: unknown[]) => unknown;

/** Each prototype's own copy of a member (its method, or its getter), uncurried. */
function copiesOf(prototypes: readonly object[], name: string, kind: "value" | "get"): Uncurried[] {
  return prototypes.map((prototype) => {
    const member: unknown = captured(prototype, name)[kind];
    if (typeof member !== "function") throw new TypeError(`${name} is not a ${kind === "get" ? "getter" : "method"}`);
    return uncurry(member as Method);
  });
}

/** The copy for the kind of node at hand, chosen by its node type, which holds across frames (instanceof does not). */
function onEachParent<F>(name: string, kind: "value" | "get"): F {
  const [forElement, forDocument, forFragment] = copiesOf([Element.prototype, Document.prototype, DocumentFragment.prototype], name, kind);
  return ((self: Node, ...args: unknown[]) => {
    const type = nodeType(self);
    const chosen = type === ELEMENT_NODE ? forElement : type === DOCUMENT_NODE ? forDocument : forFragment;
    return chosen?.(self, ...args);
  }) as F;
}

function onEachRoot<F>(name: string, kind: "value" | "get"): F {
  const [forDocument, forShadow] = copiesOf([Document.prototype, ShadowRoot.prototype], name, kind);
  return ((self: Node, ...args: unknown[]) => (nodeType(self) === DOCUMENT_NODE ? forDocument : forShadow)?.(self, ...args)) as F;
}

export const querySelector = onEachParent<(self: Parent, selectors: string) => Element | null>("querySelector", "value");
export const querySelectorAll = onEachParent<(self: Parent, selectors: string) => NodeListOf<Element>>("querySelectorAll", "value");
export const children = onEachParent<(self: Parent) => HTMLCollection>("children", "get");
export const firstElementChild = onEachParent<(self: Parent) => Element | null>("firstElementChild", "get");
export const lastElementChild = onEachParent<(self: Parent) => Element | null>("lastElementChild", "get");
export const append = onEachParent<(self: Parent, ...nodes: Array<Node | string>) => void>("append", "value");
export const replaceChildren = onEachParent<(self: Parent, ...nodes: Array<Node | string>) => void>("replaceChildren", "value");
export const activeElement = onEachRoot<(self: Root) => Element | null>("activeElement", "get");
export const elementFromPoint = onEachRoot<(self: Root, x: number, y: number) => Element | null>("elementFromPoint", "value");
export const elementsFromPoint = onEachRoot<(self: Root, x: number, y: number) => Element[]>("elementsFromPoint", "value");
export const getAnimations = onEachRoot<(self: Root) => Animation[]>("getAnimations", "value");

const documentGetElementById = method(Document.prototype, "getElementById");
const fragmentGetElementById = method(DocumentFragment.prototype, "getElementById");

export function getElementById(self: Document | DocumentFragment, elementId: string): HTMLElement | null {
  return nodeType(self) === DOCUMENT_NODE
    ? documentGetElementById(self as Document, elementId)
    : fragmentGetElementById(self as DocumentFragment, elementId);
}
