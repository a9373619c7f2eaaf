import { WebOperatorError } from "../../protocol/index.js";
import { paramsObject, type CdpMethod, type CdpParams, type CdpResult } from "./cdp/cdpCommands.js";

const PROTOCOL_VERSION = "1.3";
const IDLE_DETACH_MS = 30_000;

/**
 * chrome.debugger on demand: one tab at a time, detached after 30 s without use. All of
 * this state is rebuilt lazily after the service worker restarts.
 */
class DebuggerSession {
  private attachedTabId: number | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor() {
    chrome.debugger.onDetach.addListener((source) => {
      if (source.tabId === this.attachedTabId) this.attachedTabId = null;
    });
  }

  async send<M extends CdpMethod>(tabId: number, method: M, ...params: CdpParams<M>): Promise<CdpResult<M>> {
    await this.attach(tabId);
    this.touch();
    try {
      // chrome.debugger answers with an untyped object; devtools-protocol's mapping names its shape.
      return (await chrome.debugger.sendCommand({ tabId }, method, paramsObject(params)));
    } catch (error) {
      throw new WebOperatorError("debugger_unavailable", `CDP ${method} failed on tab ${tabId}: ${messageOf(error)}`);
    }
  }

  private async attach(tabId: number): Promise<void> {
    if (this.attachedTabId === tabId) return;
    if (this.attachedTabId !== null) await this.detach();
    try {
      await chrome.debugger.attach({ tabId }, PROTOCOL_VERSION);
    } catch (error) {
      const message = messageOf(error);
      // After a service-worker restart our own earlier session may still be attached.
      if (!/already attached/i.test(message)) {
        throw new WebOperatorError("debugger_unavailable", `Cannot attach the debugger to tab ${tabId}: ${message}. Trusted input and screenshots need it; close DevTools on that tab and retry.`);
      }
    }
    this.attachedTabId = tabId;
  }

  private async detach(): Promise<void> {
    const tabId = this.attachedTabId;
    this.attachedTabId = null;
    if (tabId === null) return;
    await chrome.debugger.detach({ tabId }).catch(() => undefined);
  }

  private touch(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.detach(), IDLE_DETACH_MS);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const debuggerSession = new DebuggerSession();
