import type { CdpEventName, CdpEventParams } from "./cdpCommands.js";

/**
 * CDP events reach an extension through chrome.debugger.onEvent, for every attached
 * target at once; this narrows them to one tab and one method, and always unsubscribes.
 */
export function onCdpEvent<E extends CdpEventName>(tabId: number, method: E, listener: (params: CdpEventParams<E>) => void): () => void {
  const handler = (source: chrome.debugger.DebuggerSession, eventMethod: string, params?: { [key: string]: unknown }): void => {
    // Events of child sessions (out-of-process frames) carry a sessionId; ours come from the tab itself.
    // devtools-protocol's event mapping names the params' shape for this method.
    if (source.tabId === tabId && source.sessionId === undefined && eventMethod === method) listener(params);
  };
  chrome.debugger.onEvent.addListener(handler);
  return () => chrome.debugger.onEvent.removeListener(handler);
}
