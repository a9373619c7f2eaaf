import { cdpTry, sessionKey } from "./cdpTarget.js";
import type { FrameInfo } from "./frameMap.js";

/**
 * A remote object for a frame's document. Remote object ids belong to one CDP session and
 * one document, so while this id still answers, neither the debugger session nor the
 * frame's document has changed: two of the identities a deep ref binds (resolveDeepRef.ts).
 */
const sentinels = new Map<string, string>();
const OBJECT_GROUP = "weboperator-deep-refs";

export async function documentSentinel(frame: FrameInfo): Promise<string | null> {
  const key = `${frame.target.tabId}|${sessionKey(frame.target)}|${frame.frameId}|${frame.loaderId}`;
  const cached = sentinels.get(key);
  if (cached !== undefined && (await sentinelAlive(frame, cached))) return cached;
  sentinels.delete(key);
  if (frame.documentBackendNodeId === null) return null;
  const resolved = await cdpTry(frame.target, "DOM.resolveNode", { backendNodeId: frame.documentBackendNodeId, objectGroup: OBJECT_GROUP });
  const objectId = resolved?.object.objectId;
  if (objectId === undefined) return null;
  sentinels.set(key, objectId);
  return objectId;
}

/** True while the object still denotes a live document in a live session. */
export async function sentinelAlive(frame: Pick<FrameInfo, "target">, objectId: string): Promise<boolean> {
  // Answered by the browser from the object id alone: no page script can fake it.
  const answer = await cdpTry(frame.target, "DOM.describeNode", { objectId });
  return answer?.node.nodeType === 9;
}

chrome.tabs.onRemoved.addListener((tabId) => {
  for (const key of sentinels.keys()) if (key.startsWith(`${tabId}|`)) sentinels.delete(key);
});
