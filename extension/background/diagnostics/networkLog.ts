import { z } from "zod";
import { NetworkEntrySchema } from "../../../protocol/tools/diagnosticsTools.js";
import { redactHeader, redactUrl, truncate } from "../../../protocol/redaction.js";
import { SessionBacked } from "./sessionBacked.js";
import { mimeTypeOf } from "./mimeType.js";

type NetworkEntry = z.infer<typeof NetworkEntrySchema>;
type Header = chrome.webRequest.HttpHeader;

const ALL_URLS: chrome.webRequest.RequestFilter = { urls: ["<all_urls>"] };
/** Finished requests kept per tab between reads; older ones are counted as dropped. */
const PER_TAB = 500;
const MAX_IN_FLIGHT = 2_000;
const MAX_HEADERS = 20;
/** Finished entries kept across a worker restart, over all tabs (session storage holds 10 MB); the rest count as dropped. */
const MAX_PERSISTED = 1_500;

const TabBufferSchema = z.object({ entries: z.array(NetworkEntrySchema), dropped: z.number().int().nonnegative() });
type TabBuffer = z.infer<typeof TabBufferSchema>;
/** Each tab's buffer as stored: [tabId, buffer]. */
const StoredBuffersSchema = z.array(z.tuple([z.number().int(), TabBufferSchema])).default(() => []);

/**
 * browser.read_network: chrome.webRequest observed without blocking (no debugger needed),
 * kept per tab in bounded memory until a read takes it. Finished entries are kept in
 * session storage too, so a service-worker restart loses only requests that were in
 * flight across it; requests of the browser itself (tabId -1) are never kept.
 */
class NetworkLog {
  private readonly inFlight = new Map<string, NetworkEntry & { tabId: number }>();
  private readonly tabs = new Map<number, TabBuffer>();
  private readonly stored = new SessionBacked("weboperator.networkLog", StoredBuffersSchema, () => this.persistable());
  /** Buffers of the worker before this one, merged in front of what this one saw. */
  private readonly restored: Promise<void>;

  constructor() {
    this.restored = this.stored.restore().then((value) => this.merge(value));
    chrome.webRequest.onBeforeRequest.addListener((details) => {
      // Our own content script's module loads are not the page's traffic.
      if (!details.url.startsWith("chrome-extension://")) this.begin(details);
      return undefined;
    }, ALL_URLS);
    chrome.webRequest.onSendHeaders.addListener(
      (details) => this.patch(details.requestId, { requestHeaders: headers(details.requestHeaders) }),
      ALL_URLS,
      ["requestHeaders"],
    );
    chrome.webRequest.onResponseStarted.addListener(
      (details) =>
        this.patch(details.requestId, {
          status: details.statusCode,
          fromCache: details.fromCache,
          mimeType: mimeTypeOf(details.responseHeaders),
          responseHeaders: headers(details.responseHeaders),
        }),
      ALL_URLS,
      ["responseHeaders"],
    );
    chrome.webRequest.onCompleted.addListener(
      (details) => this.finish(details.requestId, details.timeStamp, { status: details.statusCode, fromCache: details.fromCache }),
      ALL_URLS,
    );
    chrome.webRequest.onErrorOccurred.addListener(
      (details) => this.finish(details.requestId, details.timeStamp, { error: details.error }),
      ALL_URLS,
    );
    chrome.tabs.onRemoved.addListener((tabId) => {
      if (this.tabs.delete(tabId)) this.stored.save();
    });
  }

  async read(tabId: number, maxEntries: number): Promise<{ entries: NetworkEntry[]; dropped: number; inFlight: number }> {
    await this.restored;
    const buffer = this.tabs.get(tabId) ?? { entries: [], dropped: 0 };
    if (this.tabs.delete(tabId)) this.stored.save();
    const kept = buffer.entries.slice(Math.max(0, buffer.entries.length - maxEntries));
    let inFlight = 0;
    for (const request of this.inFlight.values()) if (request.tabId === tabId) inFlight += 1;
    return { entries: kept, dropped: buffer.dropped + buffer.entries.length - kept.length, inFlight };
  }

  private begin(details: chrome.webRequest.OnBeforeRequestDetails): void {
    if (details.tabId < 0) return;
    if (this.inFlight.size >= MAX_IN_FLIGHT) {
      // A request we never saw finish (the tab was discarded mid-load) must not pin memory.
      const oldest = this.inFlight.keys().next().value;
      if (oldest !== undefined) this.inFlight.delete(oldest);
    }
    this.inFlight.set(details.requestId, {
      tabId: details.tabId,
      method: details.method,
      url: truncate(redactUrl(details.url)),
      type: details.type,
      timestamp: details.timeStamp,
    });
  }

  private patch(requestId: string, fields: Partial<NetworkEntry>): void {
    const request = this.inFlight.get(requestId);
    if (request !== undefined) Object.assign(request, withoutUndefined(fields));
  }

  private finish(requestId: string, at: number, fields: Partial<NetworkEntry>): void {
    const request = this.inFlight.get(requestId);
    if (request === undefined) return;
    this.inFlight.delete(requestId);
    const { tabId, ...entry } = request;
    const finished: NetworkEntry = { ...entry, ...withoutUndefined(fields), durationMs: Math.max(0, at - entry.timestamp) };
    const buffer = this.tabs.get(tabId) ?? { entries: [], dropped: 0 };
    buffer.entries.push(finished);
    if (buffer.entries.length > PER_TAB) {
      buffer.entries.shift();
      buffer.dropped += 1;
    }
    this.tabs.set(tabId, buffer);
    this.stored.save();
  }

  /** The newest MAX_PERSISTED finished entries over all tabs; older ones are stored as dropped. */
  private persistable(): Array<[number, TabBuffer]> {
    const all = [...this.tabs.entries()];
    let budget = MAX_PERSISTED;
    return all.map(([tabId, buffer]) => {
      const keep = Math.min(buffer.entries.length, Math.max(0, Math.floor(MAX_PERSISTED / all.length)), budget);
      budget -= keep;
      return [
        tabId,
        { entries: buffer.entries.slice(buffer.entries.length - keep), dropped: buffer.dropped + buffer.entries.length - keep },
      ];
    });
  }

  private merge(stored: z.output<typeof StoredBuffersSchema> | undefined): void {
    for (const [tabId, earlier] of stored ?? []) {
      const current = this.tabs.get(tabId) ?? { entries: [], dropped: 0 };
      const entries = [...earlier.entries, ...current.entries];
      const overflow = Math.max(0, entries.length - PER_TAB);
      this.tabs.set(tabId, { entries: entries.slice(overflow), dropped: current.dropped + earlier.dropped + overflow });
    }
  }
}

function headers(list: Header[] | undefined): string[] | undefined {
  if (list === undefined) return undefined;
  return list.slice(0, MAX_HEADERS).map((header) => redactHeader(header.name, header.value ?? "(binary)"));
}

function withoutUndefined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export const networkLog = new NetworkLog();
