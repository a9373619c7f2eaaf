import { cdpSend, cdpTry, type CdpTarget } from "./cdpTarget.js";

/** An out-of-process iframe's flat CDP session and the session that owns its <iframe>. */
export interface ChildSession {
  target: CdpTarget;
  parent: CdpTarget;
  targetId: string;
}

/** Child sessions per tab, learned from Target.attachedToTarget events (auto-attach, flatten). */
const sessionsByTab = new Map<number, Map<string, ChildSession>>();

chrome.debugger.onEvent.addListener((source, method, params) => {
  const tabId = source.tabId;
  if (tabId === undefined) return;
  if (method === "Target.attachedToTarget") {
    const event = params as { sessionId: string; targetInfo: { targetId: string; type: string } };
    if (event.targetInfo.type !== "iframe") return;
    const sessions = sessionsByTab.get(tabId) ?? new Map<string, ChildSession>();
    sessions.set(event.sessionId, {
      target: { tabId, sessionId: event.sessionId },
      parent: { tabId, sessionId: source.sessionId },
      targetId: event.targetInfo.targetId,
    });
    sessionsByTab.set(tabId, sessions);
  } else if (method === "Target.detachedFromTarget") {
    sessionsByTab.get(tabId)?.delete((params as { sessionId: string }).sessionId);
  }
});
chrome.debugger.onDetach.addListener((source) => {
  if (source.tabId !== undefined) sessionsByTab.delete(source.tabId);
});
chrome.tabs.onRemoved.addListener((tabId) => sessionsByTab.delete(tabId));

/**
 * Attaches to every out-of-process iframe of a tab (recursively) and returns their live
 * sessions. Sessions from an earlier debugger attach fail their probe and are dropped.
 */
export async function childSessionsOf(tabId: number, { forceReattach = false } = {}): Promise<ChildSession[]> {
  const root: CdpTarget = { tabId, sessionId: undefined };
  if (forceReattach) {
    // A restarted worker lost the attach events of targets that stay attached: re-announce them.
    await cdpSend(root, "Target.setAutoAttach", { autoAttach: false, waitForDebuggerOnStart: false, flatten: true });
    sessionsByTab.delete(tabId);
  }
  await autoAttach(root);
  const sessions = sessionsByTab.get(tabId) ?? new Map<string, ChildSession>();
  const seen = new Set<string>();
  // Nested OOPIFs appear once their parent session auto-attaches too.
  for (let round = 0; round < 4; round++) {
    const fresh = [...sessions.values()].filter((child) => !seen.has(child.target.sessionId ?? ""));
    if (fresh.length === 0) break;
    for (const child of fresh) {
      seen.add(child.target.sessionId ?? "");
      const alive = await cdpTry(child.target, "Page.getFrameTree");
      if (alive === null) sessions.delete(child.target.sessionId ?? "");
      else await autoAttach(child.target).catch(() => undefined);
    }
  }
  return [...sessions.values()];
}

async function autoAttach(target: CdpTarget): Promise<void> {
  await cdpSend(target, "Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
  // attachedToTarget events for existing frames are dispatched around the reply; let them land.
  await new Promise((done) => setTimeout(done, 0));
}
