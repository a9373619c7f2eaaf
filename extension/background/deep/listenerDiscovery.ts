import { axRole, type AXNode, type AXTree } from "./axNode.js";
import { SKIPPED_ROLES, isInteractive } from "./axRoles.js";
import { cdpTry, sessionKey, type CdpTarget } from "./cdpTarget.js";
import type { FrameMap } from "./frameMap.js";
import { frameworkHandlerTypes } from "./frameworkHandlerProbe.js";

/** At most this many elements are probed per read: each costs two CDP round trips. */
export const MAX_LISTENER_CANDIDATES = 200;
const PROBES_IN_FLIGHT = 16;
const OBJECT_GROUP = "weboperator-listener-probe";
const CANDIDATE_TAGS = new Set([
  "div",
  "span",
  "li",
  "img",
  "td",
  "tr",
  "p",
  "section",
  "article",
  "svg",
  "i",
  "figure",
  "header",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "label",
  "em",
  "strong",
  "b",
  "picture",
  "dt",
  "dd",
]);
const ACTION_LISTENERS = /^(click|dblclick|auxclick|contextmenu|mousedown|mouseup|pointerdown|pointerup|keydown|keyup|keypress)$/;
/** Class and id words that suggest an element acts on clicks; probed before plain containers. */
const ACTION_HINT = /btn|button|click|toggle|card|item|tab|menu|link|action|close|open|select|option|chip|icon|expand|more/i;

interface Candidate {
  target: CdpTarget;
  backendNodeId: number;
  priority: number;
  order: number;
}

/**
 * Bounded event-listener discovery: elements the accessibility tree does not
 * call interactive, probed with DOMDebugger.getEventListeners for click, mouse, pointer
 * and key handlers, and for the handlers a framework keeps on the node (frameworkHandlerProbe.ts). Returns `${sessionKey}:${backendNodeId}` → handler types.
 */
export async function discoverListeners(
  frames: FrameMap,
  trees: Map<string, AXTree>,
): Promise<{ found: Map<string, string[]>; sampled: number }> {
  const candidates: Candidate[] = [];
  for (const frame of frames.frames) {
    const tree = trees.get(frame.frameId);
    if (!tree?.root) continue;
    const facts = frames.dom.get(sessionKey(frame.target));
    collect(
      tree.root,
      tree,
      false,
      (node) => {
        const id = node.backendDOMNodeId;
        const element = id === undefined ? undefined : facts?.get(id);
        if (id === undefined || !element || !CANDIDATE_TAGS.has(element.localName)) return;
        const words = `${element.attributes["class"] ?? ""} ${element.attributes["id"] ?? ""}`;
        const inline = Object.keys(element.attributes).some((attribute) => /^on(click|mouse|pointer|key)/.test(attribute));
        const priority = inline ? 0 : ACTION_HINT.test(words) || element.attributes["style"]?.includes("cursor") ? 1 : 2;
        candidates.push({ target: frame.target, backendNodeId: id, priority, order: candidates.length });
      },
      (node) => isInteractive(node, node.backendDOMNodeId === undefined ? undefined : facts?.get(node.backendDOMNodeId)),
    );
  }
  const sample = candidates.sort((a, b) => a.priority - b.priority || a.order - b.order).slice(0, MAX_LISTENER_CANDIDATES);
  const found = new Map<string, string[]>();
  for (let start = 0; start < sample.length; start += PROBES_IN_FLIGHT) {
    await Promise.all(
      sample.slice(start, start + PROBES_IN_FLIGHT).map(async (candidate) => {
        const types = await listenerTypes(candidate);
        if (types.length > 0) found.set(`${sessionKey(candidate.target)}:${candidate.backendNodeId}`, types);
      }),
    );
  }
  const sessions = new Map(sample.map((candidate) => [sessionKey(candidate.target), candidate.target]));
  for (const target of sessions.values()) await cdpTry(target, "Runtime.releaseObjectGroup", { objectGroup: OBJECT_GROUP });
  return { found, sampled: sample.length };
}

/** Walks in document order, skipping subtrees of interactive elements: those already have refs. */
function collect(
  node: AXNode,
  tree: AXTree,
  insideInteractive: boolean,
  visit: (node: AXNode) => void,
  interactive: (node: AXNode) => boolean,
): void {
  if (SKIPPED_ROLES.has(axRole(node)) || axRole(node) === "StaticText") return;
  const isTarget = interactive(node);
  if (!insideInteractive && !isTarget) visit(node);
  for (const child of tree.children(node)) collect(child, tree, insideInteractive || isTarget, visit, interactive);
}

async function listenerTypes(candidate: Candidate): Promise<string[]> {
  const resolved = await cdpTry(candidate.target, "DOM.resolveNode", { backendNodeId: candidate.backendNodeId, objectGroup: OBJECT_GROUP });
  const objectId = resolved?.object.objectId;
  if (objectId === undefined) return [];
  const result = await cdpTry(candidate.target, "DOMDebugger.getEventListeners", { objectId, depth: 0 });
  const types = new Set((result?.listeners ?? []).map((listener) => listener.type).filter((type) => ACTION_LISTENERS.test(type)));
  for (const type of await frameworkHandlerTypes(candidate.target, objectId)) types.add(type);
  return [...types].sort();
}
