/** Requests older than this are treated as long-lived (streams, long polls) and ignored. */
const LONG_LIVED_MS = 5_000;
/** Start times kept per tab: enough to count what one action started. */
const RECENT_STARTS_KEPT = 200;

/**
 * Counts in-flight requests per tab from chrome.webRequest, so a write can wait for the
 * network to go idle without letting a long-lived connection block it forever.
 */
class NetworkActivity {
  private readonly inFlight = new Map<number, Map<string, number>>();
  /** When each tab's latest requests started (the browser's clock, ms since the epoch), newest last. */
  private readonly recentStarts = new Map<number, number[]>();

  constructor() {
    const filter: chrome.webRequest.RequestFilter = { urls: ["<all_urls>"] };
    chrome.webRequest.onBeforeRequest.addListener((details) => {
      if (details.tabId < 0 || details.type === "websocket") return undefined;
      this.requestsOf(details.tabId).set(details.requestId, details.timeStamp);
      const starts = this.recentStarts.get(details.tabId) ?? [];
      starts.push(details.timeStamp);
      if (starts.length > RECENT_STARTS_KEPT) starts.shift();
      this.recentStarts.set(details.tabId, starts);
      return undefined;
    }, filter);
    const finish = (details: { tabId: number; requestId: string }): void => {
      this.inFlight.get(details.tabId)?.delete(details.requestId);
    };
    chrome.webRequest.onCompleted.addListener(finish, filter);
    chrome.webRequest.onErrorOccurred.addListener(finish, filter);
    chrome.tabs.onRemoved.addListener((tabId) => {
      this.inFlight.delete(tabId);
      this.recentStarts.delete(tabId);
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
    return this.pending(tabId) === 0 && this.startedSince(tabId, since) === 0;
  }

  startedSince(tabId: number, since: number): number {
    return (this.recentStarts.get(tabId) ?? []).filter((started) => started >= since).length;
  }

  /**
   * Resolves true after idleMs with nothing in flight, or false at the deadline. `expect`:
   * the page itself counted that many requests since a time; idle does not count before the
   * browser has reported them too, however late its events arrive.
   */
  async waitForIdle(
    tabId: number,
    idleMs: number,
    maxMs: number,
    expect: { since: number; requests: number } = { since: 0, requests: 0 },
  ): Promise<boolean> {
    const until = Date.now() + maxMs;
    const idle = (): boolean => this.pending(tabId) === 0 && this.startedSince(tabId, expect.since) >= expect.requests;
    let quietSince = idle() ? Date.now() : null;
    while (Date.now() < until) {
      if (quietSince !== null && Date.now() - quietSince >= idleMs) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
      if (idle()) quietSince ??= Date.now();
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
