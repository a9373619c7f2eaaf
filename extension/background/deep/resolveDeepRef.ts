import type { Protocol } from "devtools-protocol";
import { WebOperatorError } from "../../../protocol/index.js";
import { cdpTry, type CdpTarget } from "./cdpTarget.js";
import { formatDeepRef, parseDeepRef } from "./deepRefFormat.js";
import { deepRefStore, type DeepRefBinding } from "./deepRefStore.js";
import { sentinelAlive } from "./documentSentinel.js";

export interface ResolvedDeepRef {
  tabId: number;
  backendNodeId: number;
  frameId: string;
  target: CdpTarget;
  /** A remote object for the element, in its frame's session. */
  objectId: string;
  binding: DeepRefBinding;
}

const STALE_ADVICE = "Call browser.read_page_deep again and use a ref from that read.";

/**
 * Checks every identity a deep ref binds before anything writes to the page:
 * worker lifetime, tab, top-level document, debugger session, frame loader, the frame's
 * document, and the element itself. Any mismatch is stale_ref; a malformed ref invalid_ref.
 */
export async function resolveDeepRef(raw: string, expectedTabId?: number): Promise<ResolvedDeepRef> {
  const parsed = parseDeepRef(raw);
  if (!parsed)
    throw new WebOperatorError(
      "invalid_ref",
      `"${raw}" is not a deep ref (they look like c1a2b3c_1_4_7 and come from browser.read_page_deep).`,
    );
  const stale = (why: string): WebOperatorError => new WebOperatorError("stale_ref", `Deep ref ${raw} is stale: ${why}. ${STALE_ADVICE}`);
  if (parsed.managerNonce !== deepRefStore.managerNonce) throw stale("it was issued before the extension's service worker restarted");
  const canonical = formatDeepRef(parsed);
  const binding = deepRefStore.lookup(canonical);
  if (!binding) {
    if (!deepRefStore.isIssuedGeneration(parsed.generation))
      throw new WebOperatorError("invalid_ref", `Deep ref ${raw} was never issued. ${STALE_ADVICE}`);
    throw stale(
      deepRefStore.whyDropped(canonical) ?? "its page navigated, its tab closed or the debugger detached, or it is from an old read",
    );
  }
  if (expectedTabId !== undefined && expectedTabId !== binding.tabId)
    throw stale(`it belongs to tab ${binding.tabId}, not tab ${expectedTabId}`);
  const tab = await chrome.tabs.get(binding.tabId).catch(() => null);
  if (!tab) throw stale(`tab ${binding.tabId} no longer exists`);
  if (deepRefStore.tabEpoch(binding.tabId) !== binding.tabEpoch) throw stale("the tab navigated to another page");
  if (!(await sentinelAlive(binding, binding.documentObjectId))) throw stale("the debugger session or the frame's document changed");
  const tree = await cdpTry(binding.target, "Page.getFrameTree");
  const frame = tree ? findFrame(tree.frameTree, binding.frameId) : null;
  if (!frame) throw stale("its frame was detached");
  if (frame.loaderId !== binding.loaderId) throw stale("its frame loaded another document");
  const resolved = await cdpTry(binding.target, "DOM.resolveNode", {
    backendNodeId: binding.backendNodeId,
    objectGroup: "weboperator-deep-action",
  });
  const objectId = resolved?.object.objectId;
  if (objectId === undefined) throw stale("its element no longer exists");
  const check = await cdpTry(binding.target, "Runtime.callFunctionOn", {
    objectId,
    functionDeclaration: "function (doc) { return this.isConnected && this.ownerDocument === doc; }",
    arguments: [{ objectId: binding.documentObjectId }],
    returnByValue: true,
  });
  if (check?.result.value !== true) throw stale("its element was removed from the page");
  return {
    tabId: binding.tabId,
    backendNodeId: binding.backendNodeId,
    frameId: binding.frameId,
    target: binding.target,
    objectId,
    binding,
  };
}

type FrameTree = Protocol.Page.FrameTree;

function findFrame(tree: FrameTree, frameId: string): FrameTree["frame"] | null {
  if (tree.frame.id === frameId) return tree.frame;
  for (const child of tree.childFrames ?? []) {
    const found = findFrame(child, frameId);
    if (found) return found;
  }
  return null;
}
