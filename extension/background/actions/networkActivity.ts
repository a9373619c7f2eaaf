/** Requests older than this are treated as long-lived (streams, long polls) and ignored. */
const LONG_LIVED_MS = 5_000;

/**
 * Counts in-flight requests per tab from chrome.webRequest, so a write can wait for the
 * network to go idle without letting a long-lived connection block it forever.
 */
class NetworkActivity {
  private readonly inFlight = new Map<number, Map<string, number>>();
  /** When each tab last started a request (the browser's clock, ms since the epoch). */
  private readonly lastStarted = new Map<number, number>();

  constructor() {
    const filter: chrome.webRequest.RequestFilter = { urls: ["<all_urls>"] };
    chrome.webRequest.onBeforeRequest.addListener((details) => {
      if (details.tabId < 0 || details.type === "websocket") return undefined;
      this.requestsOf(details.tabId).set(details.requestId, details.timeStamp);
      this.lastStarted.set(details.tabId, Math.max(this.lastStarted.get(details.tabId) ?? 0, details.timeStamp));
      return undefined;
    }, filter);
    const finish = (details: { tabId: number; requestId: string }): void => {
      this.inFlight.get(details.tabId)?.delete(details.requestId);
    };
    chrome.webRequest.onCompleted.addListener(finish, filter);
    chrome.webRequest.onErrorOccurred.addListener(finish, filter);
    chrome.tabs.onRemoved.addListener((tabId) => {
      this.inFlight.delete(tabId);
      this.lastStarted.delete(tabId);
    });
  }

  pending(tabId: number): number {
    const requests = this.inFlight.get(tabId);
    if (!requests) return 0;
    const now = Date.now();
    let count = 0;
    for (const [id, started] of requests) {
      if (now - started > LONG_LIVED_MS * 12) requests.delete(id);
      else if (now - started <= LONG_LIVED_MS) count++;
    }
    return count;
  }

  /** Nothing in flight now, and no request started at or after `since` (ms since the epoch). */
  quietSince(tabId: number, since: number): boolean {
    return this.pending(tabId) === 0 && (this.lastStarted.get(tabId) ?? 0) < since;
  }

  /** Resolves true after idleMs with nothing in flight, or false at the deadline. */
  async waitForIdle(tabId: number, idleMs: number, maxMs: number): Promise<boolean> {
    const until = Date.now() + maxMs;
    let quietSince = this.pending(tabId) === 0 ? Date.now() : null;
    while (Date.now() < until) {
      if (quietSince !== null && Date.now() - quietSince >= idleMs) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
      if (this.pending(tabId) === 0) quietSince ??= Date.now();
      else quietSince = null;
    }
    return false;
  }

  private requestsOf(tabId: number): Map<string, number> {
    let requests = this.inFlight.get(tabId);
    if (!requests) {
      requests = new Map();
      this.inFlight.set(tabId, requests);
    }
    return requests;
  }
}

export const networkActivity = new NetworkActivity();
