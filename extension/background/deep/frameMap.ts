import type { Protocol } from "devtools-protocol";
import { WebOperatorError } from "../../../protocol/index.js";
import { cdpSend, cdpTry, sessionKey, type CdpTarget } from "./cdpTarget.js";
import { childSessionsOf } from "./childSessions.js";

/** One document of a tab: the top frame, a same-process iframe, or an out-of-process one. */
export interface FrameInfo {
  frameId: string;
  loaderId: string;
  url: string;
  /** The CDP session whose DOM and accessibility tree hold this frame. */
  target: CdpTarget;
  documentBackendNodeId: number | null;
  /** The <iframe> element in the parent frame, and the session it lives in (OOPIFs differ). */
  owner: { target: CdpTarget; backendNodeId: number } | null;
}

/** What the DOM tree tells the renderer about an element that the accessibility tree does not. */
export interface DomFacts {
  localName: string;
  attributes: Record<string, string>;
}

export interface FrameMap {
  frames: FrameInfo[];
  mainFrame: FrameInfo;
  /** Element facts per session, keyed by backend node id. */
  dom: Map<string, Map<number, DomFacts>>;
  /** `${sessionKey}:${ownerBackendNodeId}` → the frame that <iframe> shows. */
  frameByOwner: Map<string, FrameInfo>;
  /** Out-of-process frames seen in a DOM but without a session yet. */
  unreachableFrames: string[];
}

type CdpFrameTree = Protocol.Page.FrameTree;
type CdpNode = Protocol.DOM.Node;

export function ownerKey(target: CdpTarget, backendNodeId: number): string {
  return `${sessionKey(target)}:${backendNodeId}`;
}

/** Every frame of the tab across its CDP sessions, with DOM facts for each session. */
export async function mapFrames(tabId: number, { forceReattach = false } = {}): Promise<FrameMap> {
  const root: CdpTarget = { tabId, sessionId: undefined };
  const children = await childSessionsOf(tabId, { forceReattach });
  const frames: FrameInfo[] = [];
  const dom = new Map<string, Map<number, DomFacts>>();
  const frameByOwner = new Map<string, FrameInfo>();
  const childRootFrames = new Set<string>();
  const remoteFrames = new Set<string>();
  const sessionFrames: Array<{ target: CdpTarget; tree: CdpFrameTree; owner: FrameInfo["owner"] }> = [];

  for (const child of children) {
    const tree = await cdpTry(child.target, "Page.getFrameTree");
    if (!tree) continue;
    const frameId = tree.frameTree.frame.id;
    const owner = await cdpTry(child.parent, "DOM.getFrameOwner", { frameId });
    childRootFrames.add(frameId);
    sessionFrames.push({
      target: child.target,
      tree: tree.frameTree,
      owner: owner ? { target: child.parent, backendNodeId: owner.backendNodeId } : null,
    });
  }
  const rootTree = await cdpSend(root, "Page.getFrameTree");
  sessionFrames.unshift({ target: root, tree: rootTree.frameTree, owner: null });

  for (const { target, tree, owner } of sessionFrames) {
    const facts = new Map<number, DomFacts>();
    dom.set(sessionKey(target), facts);
    const documents = new Map<string, { document: number; owner: number }>();
    // A child frame that went away mid-read is left out; the top frame is not optional.
    const fetched =
      target === root
        ? await cdpSend(target, "DOM.getDocument", { depth: -1, pierce: true })
        : await cdpTry(target, "DOM.getDocument", { depth: -1, pierce: true });
    if (!fetched) continue;
    const document = fetched.root;
    indexDom(document, facts, documents, remoteFrames);
    const local = localFrames(tree, childRootFrames);
    for (const [index, frame] of local.entries()) {
      const placement = index === 0 ? { document: document.backendNodeId, owner: null } : documents.get(frame.id);
      const info: FrameInfo = {
        frameId: frame.id,
        loaderId: frame.loaderId,
        url: frame.url,
        target,
        documentBackendNodeId: placement?.document ?? null,
        owner: index === 0 ? owner : placement?.owner != null ? { target, backendNodeId: placement.owner } : null,
      };
      frames.push(info);
      if (info.owner) frameByOwner.set(ownerKey(info.owner.target, info.owner.backendNodeId), info);
    }
  }
  const mainFrame = frames[0];
  if (!mainFrame) throw new WebOperatorError("internal_error", `Tab ${tabId} reported no top frame.`);
  const known = new Set(frames.map((frame) => frame.frameId));
  const unreachableFrames = [...remoteFrames].filter((frameId) => !known.has(frameId));
  // A restarted worker misses attach events of frames still attached from before: re-announce once.
  if (unreachableFrames.length > 0 && !forceReattach) return mapFrames(tabId, { forceReattach: true });
  return { frames, mainFrame, dom, frameByOwner, unreachableFrames };
}

/** The session's own frames: its root and descendants, minus subtrees other sessions hold. */
function localFrames(tree: CdpFrameTree, elsewhere: ReadonlySet<string>): CdpFrameTree["frame"][] {
  const below = (node: CdpFrameTree): CdpFrameTree["frame"][] =>
    (node.childFrames ?? []).filter((child) => !elsewhere.has(child.frame.id)).flatMap((child) => [child.frame, ...below(child)]);
  return [tree.frame, ...below(tree)];
}

function indexDom(
  node: CdpNode,
  facts: Map<number, DomFacts>,
  documents: Map<string, { document: number; owner: number }>,
  remoteFrames: Set<string>,
): void {
  if (node.nodeType === 1 && node.localName !== undefined) {
    const attributes: Record<string, string> = {};
    const list = node.attributes ?? [];
    for (let i = 0; i + 1 < list.length; i += 2) attributes[list[i] ?? ""] = list[i + 1] ?? "";
    facts.set(node.backendNodeId, { localName: node.localName, attributes });
  }
  if (node.frameId !== undefined && node.contentDocument)
    documents.set(node.frameId, { document: node.contentDocument.backendNodeId, owner: node.backendNodeId });
  else if (node.frameId !== undefined && node.nodeType === 1) remoteFrames.add(node.frameId);
  for (const child of node.children ?? []) indexDom(child, facts, documents, remoteFrames);
  for (const shadow of node.shadowRoots ?? []) indexDom(shadow, facts, documents, remoteFrames);
  if (node.contentDocument) indexDom(node.contentDocument, facts, documents, remoteFrames);
}
