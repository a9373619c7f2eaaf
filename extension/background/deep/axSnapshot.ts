import { WebOperatorError } from "../../../protocol/index.js";
import { AXTree } from "./axNode.js";
import { truncateText } from "../../shared/pageStrings.js";
import { fitToBudget } from "../../shared/snapshotBudget.js";
import { snapshotHeader } from "../../shared/snapshotHeader.js";
import { renderTree } from "../../shared/snapshotLines.js";
import { cdpSend, sessionKey, type CdpTarget } from "./cdpTarget.js";
import { formatDeepSnapshotId } from "./deepRefFormat.js";
import { deepRefStore } from "./deepRefStore.js";
import { buildDeepTree, type DeepNode } from "./deepTree.js";
import { documentSentinel } from "./documentSentinel.js";
import { mapFrames, type FrameInfo, type FrameMap } from "./frameMap.js";
import { discoverListeners } from "./listenerDiscovery.js";

export interface AxSnapshotOptions {
  maxChars: number;
  /** Probe non-accessible elements for event listeners (read_page_deep's `listeners`). */
  listeners?: boolean;
}

export interface AxSnapshot {
  snapshotId: string;
  url: string;
  title: string;
  text: string;
  refCount: number;
  truncated: boolean;
  source: "cdp-ax";
  frameCount: number;
  listeners?: { sampled: number; found: number };
}

/**
 * The page as CDP's accessibility tree sees it, across every frame (same-origin,
 * cross-origin and closed shadow content alike), in the DOM snapshot's text format with
 * deep refs. An empty tree is a failure, never a success: an agent would take it for an empty page.
 */
export async function axSnapshot(tabId: number, options: AxSnapshotOptions): Promise<AxSnapshot> {
  const tabEpoch = deepRefStore.tabEpoch(tabId);
  const frames = await mapFrames(tabId);
  const trees = new Map<string, AXTree>();
  for (const frame of frames.frames) {
    const tree = await fullTree(frame, frame === frames.mainFrame);
    if (tree) trees.set(frame.frameId, tree);
  }
  const probe = options.listeners ? await discoverListeners(frames, trees) : null;
  const nodes = buildDeepTree({ frames, trees, listeners: probe?.found ?? new Map<string, string[]>() });
  const generation = deepRefStore.beginGeneration(tabId);
  const refCount = await assignRefs(nodes, { tabId, tabEpoch, generation, frames });
  const lines = renderTree(nodes);
  if (lines.length === 0) {
    throw new WebOperatorError(
      "empty_snapshot",
      "The page's accessibility tree is empty too (drawn on a canvas, or still loading). Use browser.screenshot and act by coordinates, or wait and read again.",
    );
  }
  const tab = await chrome.tabs.get(tabId);
  const snapshotId = formatDeepSnapshotId(deepRefStore.managerNonce, tabEpoch, generation);
  const url = tab.url ?? frames.mainFrame.url;
  const header = snapshotHeader(snapshotId, url, tab.title ?? "", null);
  // No layout here: the budget keeps every ref and its context, and drops text first.
  const { body, truncated } = fitToBudget(lines, Math.max(0, options.maxChars - header.text.length), null);
  const result: AxSnapshot = {
    snapshotId,
    url,
    title: header.title,
    text: header.text + body.trimEnd(),
    refCount,
    truncated,
    source: "cdp-ax",
    frameCount: trees.size,
  };
  if (probe) result.listeners = { sampled: probe.sampled, found: countListenerRefs(nodes) };
  return result;
}

async function fullTree(frame: FrameInfo, required: boolean): Promise<AXTree | null> {
  try {
    const { nodes } = await cdpSend(frame.target, "Accessibility.getFullAXTree", { frameId: frame.frameId });
    return new AXTree(nodes);
  } catch (error) {
    // A child frame that vanished mid-read is simply absent; the top frame is not optional.
    if (required) throw error;
    return null;
  }
}

interface RefScope {
  tabId: number;
  tabEpoch: number;
  generation: number;
  frames: FrameMap;
}

/** Issues refs in document order, so indexes read top to bottom like DOM snapshot refs. */
async function assignRefs(nodes: readonly DeepNode[], scope: RefScope): Promise<number> {
  const sessionOwners = new Map<string, { target: CdpTarget; backendNodeId: number }>();
  for (const frame of scope.frames.frames) {
    if (frame.owner && sessionKey(frame.owner.target) !== sessionKey(frame.target))
      sessionOwners.set(sessionKey(frame.target), frame.owner);
  }
  const ownersOf = (target: CdpTarget): Array<{ target: CdpTarget; backendNodeId: number }> => {
    const chain = [];
    for (let owner = sessionOwners.get(sessionKey(target)); owner; owner = sessionOwners.get(sessionKey(owner.target))) chain.push(owner);
    return chain;
  };
  let count = 0;
  const visit = async (node: DeepNode): Promise<void> => {
    if (node.kind === "text") return;
    if (node.refTarget) {
      const { frame, backendNodeId } = node.refTarget;
      const documentObjectId = await documentSentinel(frame);
      if (documentObjectId !== null) {
        node.ref = deepRefStore.issue({
          tabId: scope.tabId,
          tabEpoch: scope.tabEpoch,
          generation: scope.generation,
          target: frame.target,
          frameId: frame.frameId,
          loaderId: frame.loaderId,
          backendNodeId,
          documentObjectId,
          owners: ownersOf(frame.target),
          role: node.role,
          name: truncateText(node.name),
        });
        count += 1;
      }
    }
    for (const child of node.children) await visit(child);
  };
  for (const node of nodes) await visit(node);
  return count;
}

function countListenerRefs(nodes: readonly DeepNode[]): number {
  return nodes.reduce(
    (total, node) =>
      total + (node.kind === "text" ? 0 : (node.listenerTypes && node.ref !== undefined ? 1 : 0) + countListenerRefs(node.children)),
    0,
  );
}
