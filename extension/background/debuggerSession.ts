import { WebOperatorError } from "../../protocol/index.js";
import { readOwners } from "./agents/tabOwners.js";
import { paramsObject, type CdpMethod, type CdpParams, type CdpResult } from "./cdp/cdpCommands.js";

const PROTOCOL_VERSION = "1.3";

/** Domains enabled for the life of an attach, never disabled by us (console capture enables and disables its own). */
type EnabledDomain = "DOM" | "Overlay";
const IDLE_DETACH_MS = 30_000;

/**
 * chrome.debugger per tab: attached on demand, or when an agent takes the tab, and detached
 * after 30 s without use unless an agent holds the tab. Attaching shows Chrome's "started
 * debugging this browser" bar, which takes height from the viewport (780×493 became 780×437),
 * so a tab an agent holds stays attached: its page keeps one size while the agent works, and
 * points read from a screenshot stay the page's. Several tabs may be attached at once, so one
 * agent's CDP call never detaches another agent's tab in the middle of a command (which
 * answered "Detached while handling command"). All of this state is rebuilt lazily after the
 * service worker restarts.
 */
class DebuggerSession {
  /** Attached tabs and their idle timers. */
  private readonly attached = new Map<number, ReturnType<typeof setTimeout> | null>();
  /** CDP domains enabled in each tab's current attach: enabling one again is a round trip for nothing. */
  private readonly enabled = new Map<number, Set<EnabledDomain>>();

  constructor() {
    chrome.debugger.onDetach.addListener((source) => {
      if (source.tabId === undefined) return;
      const timer = this.attached.get(source.tabId);
      if (timer) clearTimeout(timer);
      this.attached.delete(source.tabId);
      this.enabled.delete(source.tabId);
    });
  }

  async send<M extends CdpMethod>(tabId: number, method: M, ...params: CdpParams<M>): Promise<CdpResult<M>> {
    await this.attach(tabId);
    this.touch(tabId);
    try {
      return await this.sendAttached(tabId, method, params);
    } catch (error) {
      // Detached behind our back (chrome.debugger.onDetach does not fire for every detach): attach again, once.
      if (!/not attached/i.test(messageOf(error))) throw debuggerFailure(method, tabId, error);
      this.attached.delete(tabId);
      this.enabled.delete(tabId);
      await this.attach(tabId);
      return await this.sendAttached(tabId, method, params).catch((again: unknown) => {
        throw debuggerFailure(method, tabId, again);
      });
    } finally {
      this.touch(tabId);
    }
  }

  /**
   * Enables a domain once per attach: a session keeps what it enabled across the tab's
   * navigations, and every action's highlight would otherwise enable DOM and Overlay again.
   */
  async enable(tabId: number, domain: EnabledDomain): Promise<void> {
    if (this.attached.has(tabId) && this.enabled.get(tabId)?.has(domain) === true) {
      this.touch(tabId);
      return;
    }
    await this.send(tabId, `${domain}.enable`);
    const domains = this.enabled.get(tabId) ?? new Set<EnabledDomain>();
    domains.add(domain);
    this.enabled.set(tabId, domains);
  }

  /** An agent took the tab: the viewport changes now, before the agent reads it, and not again while it holds it. */
  async attachForAgent(tabId: number): Promise<void> {
    await this.attach(tabId);
    this.touch(tabId);
  }

  private async sendAttached<M extends CdpMethod>(tabId: number, method: M, params: CdpParams<M>): Promise<CdpResult<M>> {
    // chrome.debugger answers with an untyped object; devtools-protocol's mapping names its shape.
    return await chrome.debugger.sendCommand({ tabId }, method, paramsObject(params));
  }

  private async attach(tabId: number): Promise<void> {
    if (this.attached.has(tabId)) return;
    try {
      await chrome.debugger.attach({ tabId }, PROTOCOL_VERSION);
    } catch (error) {
      const message = messageOf(error);
      // After a service-worker restart (or a concurrent first call) our own session may already be attached.
      if (!/already attached/i.test(message)) {
        throw new WebOperatorError(
          "debugger_unavailable",
          `Cannot attach the debugger to tab ${tabId}: ${message}. Trusted input and screenshots need it; close DevTools on that tab and retry.`,
        );
      }
    }
    if (!this.attached.has(tabId)) this.attached.set(tabId, null);
  }

  private detach(tabId: number): void {
    this.enabled.delete(tabId);
    if (!this.attached.delete(tabId)) return;
    void chrome.debugger.detach({ tabId }).catch(() => undefined);
  }

  private touch(tabId: number): void {
    if (!this.attached.has(tabId)) return;
    const timer = this.attached.get(tabId);
    if (timer) clearTimeout(timer);
    const next = setTimeout(() => void this.detachIfIdle(tabId, next), IDLE_DETACH_MS);
    this.attached.set(tabId, next);
  }

  /** The idle timer: a tab an agent holds stays attached (and is looked at again after another idle period). */
  private async detachIfIdle(tabId: number, timer: ReturnType<typeof setTimeout>): Promise<void> {
    const held = await isHeldByAgent(tabId).catch(() => false);
    // Used again while the owners were read: that use's own timer decides.
    if (this.attached.get(tabId) !== timer) return;
    if (held) this.touch(tabId);
    else this.detach(tabId);
  }
}

async function isHeldByAgent(tabId: number): Promise<boolean> {
  return String(tabId) in (await readOwners()).tabs;
}

function debuggerFailure(method: string, tabId: number, error: unknown): WebOperatorError {
  return new WebOperatorError("debugger_unavailable", `CDP ${method} failed on tab ${tabId}: ${messageOf(error)}`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const debuggerSession = new DebuggerSession();
