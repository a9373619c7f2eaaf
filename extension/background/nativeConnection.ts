import {
  BridgeToExtensionMessageSchema,
  NATIVE_HOST_NAME,
  PROTOCOL_VERSION,
  WebOperatorError,
  errorFromUnknown,
  HopRecorder,
  type BridgeEvent,
  type BridgeToExtensionRequest,
  type ExtensionToBridgeMessage,
  type PanelBridgeRequest,
} from "../../protocol/index.js";
import { ChunkAssembler } from "./chunkAssembler.js";
import type { ToolRegistry } from "./toolRegistry.js";
import { releaseAgent, releaseAllBut } from "./agents/tabAdmission.js";

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;
/** Answer a little before the bridge's own timeout so the agent gets our specific error. */
const DEADLINE_MARGIN_MS = 250;
/** How long a side-panel request waits for the bridge (stopping every task can take a while). */
const PANEL_CALL_TIMEOUT_MS = 60_000;

interface PanelCall {
  resolve: (result: unknown) => void;
  reject: (error: WebOperatorError) => void;
  timer: ReturnType<typeof setTimeout>;
}

export type BridgeChange = "tasks" | "agents" | "paused";

/**
 * The service worker's link to the bridge. Everything here can be rebuilt: if Chrome
 * kills the worker, the next wake-up reconnects and in-flight requests fail over on the
 * bridge side as extension_disconnected.
 */
export class NativeConnection {
  private port: chrome.runtime.Port | null = null;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly assembler = new ChunkAssembler();
  private readonly running = new Map<string, AbortController>();
  private readonly panelCalls = new Map<string, PanelCall>();
  private nextPanelId = 1;
  private readonly changeListeners = new Set<(changed: BridgeChange, waitingTasks: number) => void>();

  constructor(private readonly tools: ToolRegistry) {}

  /** Called when the bridge says something the side panel shows changed. */
  onBridgeChange(listener: (changed: BridgeChange, waitingTasks: number) => void): void {
    this.changeListeners.add(listener);
  }

  /** A side-panel request to the bridge; the answer is validated by the caller against protocol/. */
  callPanel(request: PanelBridgeRequest): Promise<unknown> {
    if (this.port === null) this.connect();
    if (this.port === null) {
      return Promise.reject(
        new WebOperatorError(
          "extension_disconnected",
          "The WebOperator bridge is not connected; it starts again within seconds. Retry, or run `weboperator doctor`.",
        ),
      );
    }
    const id = `panel-${this.nextPanelId++}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.panelCalls.delete(id);
        reject(
          new WebOperatorError(
            "timeout",
            `The bridge did not answer the side panel's ${request.action} within ${PANEL_CALL_TIMEOUT_MS / 1000} s.`,
          ),
        );
      }, PANEL_CALL_TIMEOUT_MS);
      this.panelCalls.set(id, { resolve, reject, timer });
      this.post({ kind: "panel_request", id, request });
    });
  }

  /** An event for the agents (a confirmation the user answered in the side panel). */
  sendEvent(event: BridgeEvent): void {
    this.post({ kind: "event", event });
  }

  get isConnected(): boolean {
    return this.port !== null;
  }

  /**
   * The offscreen waker's nudge: connects a worker that has just started (or lost its port),
   * but leaves a pending retry's backoff alone, so a host that keeps failing is not started
   * four times a second.
   */
  wake(): void {
    if (this.port === null && this.retryTimer === null) this.connect();
  }

  connect(): void {
    if (this.port) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const port = chrome.runtime.connectNative(NATIVE_HOST_NAME);
    this.port = port;
    port.onMessage.addListener((message: unknown) => this.onMessage(message));
    port.onDisconnect.addListener(() => {
      const reason = chrome.runtime.lastError?.message ?? "closed";
      console.warn(`WebOperator: native port disconnected (${reason}); retrying in ${this.retryMs} ms`);
      if (this.port === port) this.port = null;
      for (const controller of this.running.values()) controller.abort();
      this.running.clear();
      for (const call of this.panelCalls.values()) {
        clearTimeout(call.timer);
        call.reject(
          new WebOperatorError(
            "extension_disconnected",
            "The bridge went away while answering the side panel; it starts again within seconds. Retry.",
          ),
        );
      }
      this.panelCalls.clear();
      this.scheduleReconnect();
    });
    this.post({ kind: "hello", extensionVersion: chrome.runtime.getManifest().version, protocolVersion: PROTOCOL_VERSION });
  }

  private scheduleReconnect(): void {
    if (this.retryTimer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private post(message: ExtensionToBridgeMessage): void {
    try {
      this.port?.postMessage(message);
    } catch (error) {
      console.warn("WebOperator: could not post to the bridge", error);
    }
  }

  private onMessage(raw: unknown): void {
    const receivedAt = performance.now();
    const parsed = BridgeToExtensionMessageSchema.safeParse(raw);
    if (!parsed.success) {
      console.warn("WebOperator: ignoring malformed bridge message", parsed.error.issues);
      return;
    }
    const message = parsed.data;
    switch (message.kind) {
      case "welcome":
        this.retryMs = FIRST_RETRY_MS;
        if (message.liveAgents !== undefined) void releaseAllBut(message.liveAgents);
        return;
      case "agent_released":
        void releaseAgent(message.agentId);
        return;
      case "cancel":
        this.running.get(message.id)?.abort();
        this.running.delete(message.id);
        return;
      case "chunk": {
        const whole = this.assembler.add(message);
        if (whole !== null) this.onMessage(JSON.parse(whole) as unknown);
        return;
      }
      case "request": {
        const hops = message.traceHops === true ? new HopRecorder(receivedAt) : undefined;
        hops?.mark("worker: message check");
        void this.runRequest(message, hops);
        return;
      }
      case "push":
        for (const listener of this.changeListeners) listener(message.changed, message.waitingTasks);
        return;
      case "panel_response": {
        const call = this.panelCalls.get(message.id);
        if (call === undefined) return;
        this.panelCalls.delete(message.id);
        clearTimeout(call.timer);
        if (message.ok) call.resolve(message.result);
        else call.reject(new WebOperatorError(message.code, message.error));
        return;
      }
    }
  }

  private async runRequest(request: BridgeToExtensionRequest, hops: HopRecorder | undefined): Promise<void> {
    const controller = new AbortController();
    this.running.set(request.id, controller);
    try {
      const result = await this.tools.execute(request.type, request.payload, {
        defaultTabId: request.defaultTabId,
        agent: request.agent,
        deadline: Date.now() + Math.max(0, request.budgetMs - DEADLINE_MARGIN_MS),
        signal: controller.signal,
        ...(request.requester === undefined ? {} : { requester: request.requester }),
        ...(request.uploadGrant === undefined ? {} : { uploadGrant: request.uploadGrant }),
        ...(hops === undefined ? {} : { hops }),
        ...(request.escalation === undefined ? {} : { escalation: request.escalation }),
        ...(request.firstLook === undefined ? {} : { firstLook: request.firstLook }),
      });
      this.post(
        hops === undefined
          ? { kind: "response", id: request.id, ok: true, result }
          : { kind: "response", id: request.id, ok: true, result, hops: hops.hops },
      );
    } catch (error) {
      const failure = errorFromUnknown(error);
      this.post({ kind: "response", id: request.id, ok: false, code: failure.code, error: failure.message, ...failure.details });
    } finally {
      this.running.delete(request.id);
    }
  }
}
