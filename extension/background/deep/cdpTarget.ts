import { WebOperatorError } from "../../../protocol/index.js";
import { debuggerSession } from "../debuggerSession.js";
import { paramsObject, type CdpMethod, type CdpParams, type CdpResult } from "../cdp/cdpCommands.js";

/**
 * One CDP protocol session inside a tab: the tab's own (sessionId undefined) or a flat
 * child session of an out-of-process iframe, reached through the tab's debugger attach.
 */
export interface CdpTarget {
  tabId: number;
  sessionId: string | undefined;
}

/** A stable key for maps that hold per-session data (backend node ids are per renderer). */
export function sessionKey(target: CdpTarget): string {
  return target.sessionId ?? "root";
}

const GONE_SESSION = /No session with given id|session.*not found|Target closed|detached/i;

/** A child session that no longer exists: its frame navigated, detached, or the debugger detached. */
export class ChildSessionGone extends WebOperatorError {
  constructor(message: string) {
    super("stale_ref", message);
  }
}

export async function cdpSend<M extends CdpMethod>(target: CdpTarget, method: M, ...params: CdpParams<M>): Promise<CdpResult<M>> {
  // The tab's session attaches on demand and keeps the idle timer fresh; child sessions ride on it.
  if (target.sessionId === undefined) return debuggerSession.send(target.tabId, method, ...params);
  try {
    return await chrome.debugger.sendCommand({ tabId: target.tabId, sessionId: target.sessionId }, method, paramsObject(params));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (GONE_SESSION.test(message)) throw new ChildSessionGone(`The iframe's debugger session ended (${message}).`);
    throw new WebOperatorError("debugger_unavailable", `CDP ${method} failed in an iframe of tab ${target.tabId}: ${message}`);
  }
}

/** Like cdpSend, but a failure is an absent answer: for probes whose failure is itself the answer. */
export async function cdpTry<M extends CdpMethod>(target: CdpTarget, method: M, ...params: CdpParams<M>): Promise<CdpResult<M> | null> {
  try {
    return await cdpSend(target, method, ...params);
  } catch {
    return null;
  }
}
