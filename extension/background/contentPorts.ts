import {
  CONTENT_PORT_NAME,
  ContentPortReplySchema,
  type ContentPortReply,
  type ContentPortRequest,
  type ContentRequest,
  type Hop,
} from "../../protocol/index.js";

/** A content script's reply, with its step durations when the call was traced. */
export interface PortAnswer {
  reply: unknown;
  hops?: Hop[];
}

/** Chrome's own words for a channel that closed mid-call: callContent maps them to stale_ref. */
const CLOSED_MID_CALL = "The message port closed before a response was received.";

interface Pending {
  resolve: (answer: PortAnswer) => void;
  reject: (error: Error) => void;
}

type HeldFormSends = NonNullable<ContentPortReply["held"]>;

/** Where the form sends a page's hold cancelled go (sendHold.ts): to the writes running in that tab. */
let heldFormSink: (tabId: number, held: HeldFormSends) => void = () => undefined;

export function onHeldFormSends(sink: (tabId: number, held: HeldFormSends) => void): void {
  heldFormSink = sink;
}

let portSerial = 0;

/** One port to one document's content script, with the calls waiting on it. */
class ContentPort {
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closedBecause: string | null = null;
  /** Names this port, so one document's state (its armed send hold) is not taken for the next one's. */
  readonly serial = ++portSerial;

  constructor(
    private readonly port: chrome.runtime.Port,
    tabId: number,
    onClosed: () => void,
  ) {
    port.onMessage.addListener((message: unknown) => {
      const parsed = ContentPortReplySchema.safeParse(message);
      if (!parsed.success) return;
      // Handed over before the call resolves, so a write has them by the time its reply is read.
      if (parsed.data.held !== undefined) heldFormSink(tabId, parsed.data.held);
      const call = this.pending.get(parsed.data.id);
      this.pending.delete(parsed.data.id);
      call?.resolve(parsed.data);
    });
    port.onDisconnect.addListener(() => {
      // "Receiving end does not exist" when no content script listens: the caller injects one.
      this.closedBecause = chrome.runtime.lastError?.message ?? CLOSED_MID_CALL;
      onClosed();
      const waiting = [...this.pending.values()];
      this.pending.clear();
      for (const call of waiting) call.reject(new Error(this.closedBecause));
    });
  }

  request(request: ContentRequest, traceHops: boolean): Promise<PortAnswer> {
    if (this.closedBecause !== null) return Promise.reject(new Error(this.closedBecause));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        this.port.postMessage((traceHops ? { id, request, traceHops } : { id, request }) satisfies ContentPortRequest);
      } catch (error) {
        this.pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }
}

const ports = new Map<number, ContentPort>();

/**
 * Sends a request to the content script of the tab's top frame over the tab's port,
 * opening it if needed. A port belongs to one document: it is forgotten as soon as the
 * tab commits another, so a call made after that reaches the new document, and calls
 * still waiting on the old one end as Chrome closes it.
 */
export function sendOverPort(tabId: number, request: ContentRequest, traceHops = false): Promise<PortAnswer> {
  return portOf(tabId).request(request, traceHops);
}

/** The serial of the port the tab's calls go over now, or null when none is open. */
export function currentPortSerial(tabId: number): number | null {
  return ports.get(tabId)?.serial ?? null;
}

function portOf(tabId: number): ContentPort {
  const known = ports.get(tabId);
  if (known !== undefined) return known;
  const opened: ContentPort = new ContentPort(chrome.tabs.connect(tabId, { name: CONTENT_PORT_NAME, frameId: 0 }), tabId, () => {
    if (ports.get(tabId) === opened) ports.delete(tabId);
  });
  ports.set(tabId, opened);
  return opened;
}

/**
 * Opens the port to the tab's current document before anything is sent: Chrome's set-up of a
 * new document's port (routing the connect to its renderer, the content script's onConnect)
 * then overlaps whatever the caller still waits for. A document with no listener yet closes
 * it at once, and the next call opens another.
 */
export function openContentPort(tabId: number): void {
  portOf(tabId);
}

function forget(tabId: number): void {
  ports.delete(tabId);
}

/** Registered at the worker's start, with its other listeners: ports die with their documents and tabs. */
export function forgetPortsWithTheirDocuments(): void {
  chrome.webNavigation.onCommitted.addListener((details) => {
    if (details.frameId === 0) forget(details.tabId);
  });
  // A prerendered or bfcached document becoming the tab's own replaces the tab without a commit in it.
  chrome.webNavigation.onTabReplaced.addListener((details) => {
    forget(details.replacedTabId);
    forget(details.tabId);
  });
  chrome.tabs.onRemoved.addListener(forget);
}
