import { EventEmitter } from "node:events";
import {
  COMMANDS,
  EXTENSION_DISCONNECTED_MESSAGE,
  isCommandType,
  ExtensionToBridgeMessageSchema,
  PROTOCOL_VERSION,
  WebOperatorError,
  describeZodError,
  type BridgeEvent,
  type CommandResult,
  type BridgeToExtensionMessage,
  type DecodedFrame,
  type HopRecorder,
  type PanelBridgeRequest,
  type Requester,
  type AgentIdentity,
  type UploadGrant,
} from "../protocol/index.js";
import type { FrameStream } from "./frameStream.js";
import { splitForChrome } from "./messageSplitter.js";
import { logBridge } from "./log.js";
import { BRIDGE_VERSION } from "./version.js";

/** The `extension` part of bridge.health, as protocol/ declares it. */
export type ExtensionStatus = CommandResult<"bridge.health">["extension"];

export interface ForwardedRequest {
  type: string;
  payload: Record<string, unknown>;
  defaultTabId?: number;
  agent?: AgentIdentity;
  timeoutMs: number;
  requester?: Requester;
  /** Only for a task's upload of its own attachments (bridge/tasks/attachmentUpload.ts). */
  uploadGrant?: UploadGrant;
  /** A traced request: the native round trip and the extension's own steps are added to it. */
  hops?: HopRecorder;
  /** The agent's governance asks a person before this write; the gatekeeper holds it (escalation). */
  escalation?: string;
  /** The request's `firstLook` option, passed on to the extension. */
  firstLook?: number;
}

/** A side-panel request the extension relayed; `answer` sends the outcome back. */
export interface RelayedPanelRequest {
  request: PanelBridgeRequest;
  answer: (outcome: { ok: true; result: unknown } | { ok: false; code: WebOperatorError["code"]; error: string }) => void;
}

/**
 * How long a request waits for an extension that is coming back (its service worker was
 * stopped: an update, a crash, DevTools) before it answers extension_disconnected. Bounded
 * by the request's own timeoutMs.
 */
export const RECONNECT_GRACE_MS = 10_000;

interface LinkCall {
  request: ForwardedRequest;
  /** Epoch ms by which the request must be answered (its timeoutMs from the call). */
  deadline: number;
  resolve: (result: unknown) => void;
  reject: (error: WebOperatorError) => void;
  /** The pending answer's timeout, or the parked call's grace. */
  timer?: NodeJS.Timeout;
}

/**
 * The bridge's one link to the extension. The transport is whichever framed stream
 * currently speaks for it: Chrome's stdio for the process Chrome started, or an uplink
 * socket from a later bridge process after the service worker reconnected.
 */
export class ExtensionLink extends EventEmitter<{
  event: [BridgeEvent];
  connected: [];
  disconnected: [];
  detached: [];
  panel: [RelayedPanelRequest];
}> {
  private transport: FrameStream | null = null;
  private readonly pending = new Map<string, LinkCall>();
  /** Calls waiting for the extension to come back, sent in order once it says hello. */
  private readonly parked = new Set<LinkCall>();
  private nextId = 1;
  private status: ExtensionStatus = { connected: false, version: null, connectedAt: null, disconnectedAt: null };
  /** The anonymous and task agents alive now, told to each new transport so it can drop an earlier bridge's. */
  liveAgents: () => string[] = () => [];

  get snapshot(): ExtensionStatus {
    return { ...this.status };
  }

  get hasTransport(): boolean {
    return this.transport !== null;
  }

  /**
   * Resolves true once no transport is attached, or false after `withinMs`. A restarted
   * service worker's new port can arrive before the old one's close has travelled through
   * Chrome and a relaying process: it must wait for that, not be refused as a second browser.
   */
  waitUntilDetached(withinMs: number): Promise<boolean> {
    if (this.transport === null) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.off("detached", onDetached);
        resolve(false);
      }, withinMs);
      const onDetached = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      this.once("detached", onDetached);
    });
  }

  /** Adopts a transport; the extension counts as connected once it says hello. */
  attach(transport: FrameStream): void {
    if (this.transport) this.detach("replaced by a new transport");
    this.transport = transport;
    transport.on("frame", (frame, receivedAt) => {
      // A detached stream's late frames (a stray hello) must not revive or answer anything.
      if (this.transport === transport) this.onFrame(frame, receivedAt);
    });
    transport.on("framing-lost", (error) => {
      logBridge(`native link framing lost: ${error.message}`);
      this.detach("framing lost");
    });
    transport.on("end", () => {
      if (this.transport === transport) this.detach("native port closed");
    });
    const welcome: BridgeToExtensionMessage = {
      kind: "welcome",
      bridgeVersion: BRIDGE_VERSION,
      protocolVersion: PROTOCOL_VERSION,
      liveAgents: this.liveAgents(),
    };
    transport.write(welcome);
  }

  /** An agent ended: the extension gives its tabs back. Without a transport the next welcome's liveAgents says it. */
  releaseAgent(agentId: string): void {
    this.transport?.write({ kind: "agent_released", agentId } satisfies BridgeToExtensionMessage);
  }

  /**
   * Sends a request, or holds it while the extension is away (for at most the reconnect
   * grace, within its timeout) and sends it the moment the extension says hello again.
   */
  call(request: ForwardedRequest): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const call: LinkCall = { request, deadline: Date.now() + request.timeoutMs, resolve, reject };
      if (this.transport !== null && this.status.connected) this.send(call, this.transport);
      else this.park(call);
    });
  }

  private send(call: LinkCall, transport: FrameStream): void {
    const { request } = call;
    const id = `b${ID_PREFIX}-${this.nextId++}`;
    const message: BridgeToExtensionMessage = {
      kind: "request",
      id,
      type: request.type,
      payload: request.payload,
      budgetMs: Math.max(1, call.deadline - Date.now()),
      ...(request.agent === undefined ? {} : { agent: request.agent }),
      ...(request.defaultTabId === undefined ? {} : { defaultTabId: request.defaultTabId }),
      ...(request.requester === undefined ? {} : { requester: request.requester }),
      ...(request.uploadGrant === undefined ? {} : { uploadGrant: request.uploadGrant }),
      ...(request.hops === undefined ? {} : { traceHops: true }),
      ...(request.escalation === undefined ? {} : { escalation: request.escalation }),
      ...(request.firstLook === undefined ? {} : { firstLook: request.firstLook }),
    };
    let frames: BridgeToExtensionMessage[];
    try {
      frames = splitForChrome(message, id);
    } catch (error) {
      call.reject(error instanceof WebOperatorError ? error : new WebOperatorError("internal_error", String(error)));
      return;
    }
    call.timer = setTimeout(
      () => {
        this.pending.delete(id);
        transport.write({ kind: "cancel", id } satisfies BridgeToExtensionMessage);
        call.reject(
          new WebOperatorError(
            "timeout",
            `${request.type} did not finish within ${request.timeoutMs} ms. The page may still be busy: take a ` +
              "snapshot to see its state, or retry with a larger timeoutMs.",
          ),
        );
      },
      Math.max(0, call.deadline - Date.now()),
    );
    this.pending.set(id, call);
    request.hops?.mark("bridge: request envelope");
    for (const frame of frames) transport.write(frame);
  }

  private park(call: LinkCall): void {
    const parkedAt = Date.now();
    const graceMs = Math.max(0, Math.min(RECONNECT_GRACE_MS, call.deadline - parkedAt));
    call.timer = setTimeout(() => {
      this.parked.delete(call);
      const waited = Date.now() - parkedAt;
      call.reject(
        new WebOperatorError(
          "extension_disconnected",
          `${EXTENSION_DISCONNECTED_MESSAGE}; ${call.request.type} waited ${waited} ms for it to come back. ${RECONNECT_HINT}`,
        ),
      );
    }, graceMs);
    this.parked.add(call);
  }

  private sendParked(transport: FrameStream): void {
    const waiting = [...this.parked];
    this.parked.clear();
    for (const call of waiting) {
      clearTimeout(call.timer);
      this.send(call, transport);
    }
  }

  /** Tells the extension (and through it any open side panel) that what the panel shows changed. */
  push(changed: "tasks" | "agents" | "paused", waitingTasks: number): void {
    if (!this.transport || !this.status.connected) return;
    this.transport.write({ kind: "push", changed, waitingTasks } satisfies BridgeToExtensionMessage);
  }

  private onFrame(frame: DecodedFrame, receivedAt: number): void {
    if (frame.kind !== "json") {
      logBridge(`dropping unreadable message from the extension: ${frame.reason}`);
      return;
    }
    const parsed = ExtensionToBridgeMessageSchema.safeParse(frame.value);
    if (!parsed.success) {
      const problem = describeZodError(parsed.error, "message");
      logBridge(`dropping malformed message from the extension: ${problem}`);
      this.failMalformedResponse(frame.value, problem);
      return;
    }
    const message = parsed.data;
    switch (message.kind) {
      case "hello":
        this.status = {
          connected: true,
          version: message.extensionVersion,
          connectedAt: new Date().toISOString(),
          disconnectedAt: null,
        };
        logBridge(`extension ${message.extensionVersion} connected (protocol ${message.protocolVersion})`);
        if (this.transport !== null) this.sendParked(this.transport);
        this.emit("connected");
        return;
      case "event":
        this.emit("event", message.event);
        return;
      case "panel_request": {
        const transport = this.transport;
        this.emit("panel", {
          request: message.request,
          answer: (outcome) => {
            let parts: BridgeToExtensionMessage[];
            try {
              // A trace can be larger than Chrome's 1 MB host-to-extension limit.
              parts = splitForChrome({ kind: "panel_response", id: message.id, ...outcome }, `p${message.id}`);
            } catch (error) {
              const failure = error instanceof WebOperatorError ? error : new WebOperatorError("internal_error", String(error));
              parts = [{ kind: "panel_response", id: message.id, ok: false, code: failure.code, error: failure.message }];
            }
            for (const part of parts) transport?.write(part);
          },
        });
        return;
      }
      case "response": {
        const call = this.pending.get(message.id);
        if (!call) return;
        this.pending.delete(message.id);
        clearTimeout(call.timer);
        if (message.ok && call.request.hops !== undefined) {
          // Both writes, Chrome's native messaging both ways, and this process's frame reads.
          call.request.hops.nest("native port, both ways (Chrome)", message.hops ?? [], receivedAt);
          call.request.hops.mark("bridge: response envelope check");
        }
        if (message.ok) call.resolve(message.result);
        else call.reject(new WebOperatorError(message.code, message.error, { confirmation: message.confirmation, stage: message.stage }));
        return;
      }
    }
  }

  /** A response we cannot read still ends its call: the agent gets an error now, not a timeout later. */
  private failMalformedResponse(value: unknown, problem: string): void {
    if (typeof value !== "object" || value === null) return;
    const { kind, id } = value as { kind?: unknown; id?: unknown };
    if (kind !== "response" || typeof id !== "string") return;
    const call = this.pending.get(id);
    if (call === undefined) return;
    this.pending.delete(id);
    clearTimeout(call.timer);
    call.reject(
      new WebOperatorError(
        "internal_error",
        `The extension answered ${call.request.type} with a malformed response (${problem}); it may or may not have run. Take a snapshot to see the page, then retry.`,
      ),
    );
  }

  private detach(reason: string): void {
    const wasConnected = this.status.connected;
    this.transport = null;
    this.status = { ...this.status, connected: false, disconnectedAt: new Date().toISOString() };
    for (const call of this.pending.values()) {
      clearTimeout(call.timer);
      // The command's recovery class says whether it may be asked again of the extension that
      // comes back (reads); a write may have been done.
      if (mayResend(call.request.type)) {
        this.park(call);
        continue;
      }
      call.reject(
        new WebOperatorError(
          "extension_disconnected",
          `${EXTENSION_DISCONNECTED_MESSAGE} (${reason} while ${call.request.type} was running, so it may or may not have been done: take a snapshot to see). ${RECONNECT_HINT}`,
        ),
      );
    }
    this.pending.clear();
    logBridge(`extension link detached: ${reason}`);
    this.emit("detached");
    if (wasConnected) this.emit("disconnected");
  }
}

function mayResend(type: string): boolean {
  return isCommandType(type) && COMMANDS[type].recovery === "retry";
}

/** Distinguishes this bridge process's request ids from an earlier one's, whose late answers may still arrive. */
const ID_PREFIX = Math.random().toString(36).slice(2, 8);

const RECONNECT_HINT =
  "When Chrome is running the extension comes back by itself within a second or two; if it does not, check `weboperator health` or `weboperator doctor`.";
