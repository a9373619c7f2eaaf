import { axName, axRole, type AXNode, type AXTree } from "./axNode.js";
import { SKIPPED_ROLES, isInteractive, printedRole } from "./axRoles.js";
import { renderAxStates } from "./axStates.js";
import { ownerKey, type FrameInfo, type FrameMap } from "./frameMap.js";
import { sessionKey } from "./cdpTarget.js";

export interface DeepElement {
  kind: "element";
  role: string;
  name: string;
  states: string[];
  /** Has a refTarget: the budget keeps it and its ancestors. */
  interactive: boolean;
  /** Set when the element gets a deep ref; the ref itself is issued in document order later. */
  refTarget?: { frame: FrameInfo; backendNodeId: number };
  ref?: string;
  listenerTypes?: string[];
  children: DeepNode[];
}
export interface DeepText {
  kind: "text";
  text: string;
}
export type DeepNode = DeepElement | DeepText;

export interface TreeInputs {
  frames: FrameMap;
  /** Accessibility tree per frame id. */
  trees: Map<string, AXTree>;
  /** `${sessionKey}:${backendNodeId}` → listener types found on that element. */
  listeners: Map<string, string[]>;
}

/** The tab as one tree: each frame's accessibility tree, with iframes' documents inlined. */
export function buildDeepTree(inputs: TreeInputs): DeepNode[] {
  return tidy({
    kind: "element",
    role: "",
    name: "",
    states: [],
    interactive: false,
    children: frameNodes(inputs.frames.mainFrame, inputs, new Set()),
  }).children;
}

function frameNodes(frame: FrameInfo, inputs: TreeInputs, visiting: Set<string>): DeepNode[] {
  const tree = inputs.trees.get(frame.frameId);
  if (!tree?.root || visiting.has(frame.frameId)) return [];
  visiting.add(frame.frameId);
  const nodes = convert(tree.root, tree, frame, inputs, visiting);
  visiting.delete(frame.frameId);
  return nodes;
}

function convert(node: AXNode, tree: AXTree, frame: FrameInfo, inputs: TreeInputs, visiting: Set<string>): DeepNode[] {
  const role = axRole(node);
  if (SKIPPED_ROLES.has(role)) return [];
  if (role === "StaticText") {
    const text = axName(node);
    return text === "" || node.ignored ? [] : [{ kind: "text", text }];
  }
  const backendNodeId = node.backendDOMNodeId;
  const key = backendNodeId === undefined ? "" : `${sessionKey(frame.target)}:${backendNodeId}`;
  const facts = backendNodeId === undefined ? undefined : inputs.frames.dom.get(sessionKey(frame.target))?.get(backendNodeId);
  const name = node.ignored ? "" : axName(node);
  if ((role === "Iframe" || role === "IframePresentational") && backendNodeId !== undefined) {
    const child = inputs.frames.frameByOwner.get(ownerKey(frame.target, backendNodeId));
    const children = child ? frameNodes(child, inputs, visiting) : childNodes(node, tree, frame, inputs, visiting);
    return [{ kind: "element", role: "iframe", name, states: [], interactive: false, children }];
  }
  const children = childNodes(node, tree, frame, inputs, visiting);
  const listenerTypes = inputs.listeners.get(key);
  // A listener on an element whose subtree already has a ref collapses to that inner target, so one control is listed once.
  const listener = listenerTypes !== undefined && !children.some(hasRef);
  const interactive = isInteractive(node, facts);
  const printed = node.ignored ? null : printedRole(node, name);
  if (!interactive && !listener && printed === null) return children;
  const element: DeepElement = {
    kind: "element",
    role: printed ?? "generic",
    name,
    states: node.ignored ? [] : renderAxStates(node, printed ?? "", facts),
    interactive: false,
    children,
  };
  if ((interactive || listener) && backendNodeId !== undefined) {
    element.refTarget = { frame, backendNodeId };
    element.interactive = true;
  }
  if (listener) element.listenerTypes = listenerTypes;
  // A listener-only element has no accessible name: its text is what the agent will recognise.
  if (element.name === "" && listener) element.name = textOf(children);
  return [tidy(element)];
}

function childNodes(node: AXNode, tree: AXTree, frame: FrameInfo, inputs: TreeInputs, visiting: Set<string>): DeepNode[] {
  return tree.children(node).flatMap((child) => convert(child, tree, frame, inputs, visiting));
}

function hasRef(node: DeepNode): boolean {
  return node.kind === "element" && (node.refTarget !== undefined || node.children.some(hasRef));
}

function textOf(nodes: readonly DeepNode[]): string {
  return nodes
    .map((node) => (node.kind === "text" ? node.text : textOf(node.children)))
    .filter(Boolean)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Joins adjacent text runs and drops text the element's name already says. */
function tidy(element: DeepElement): DeepElement {
  const merged: DeepNode[] = [];
  for (const child of element.children) {
    const last = merged[merged.length - 1];
    if (child.kind === "text" && last?.kind === "text") last.text = `${last.text} ${child.text}`.replace(/\s+/g, " ");
    else merged.push(child.kind === "text" ? { ...child } : child);
  }
  const name = element.name;
  element.children = name === "" ? merged : merged.filter((child) => child.kind !== "text" || !name.includes(child.text.trim()));
  return element;
}
