import type { GovernedPolicy } from "./governedPolicy.js";
import { checkHost, isPrivateAddress } from "./hostRules.js";
import { subscribe, subscribeFiltered } from "../sharedListeners.js";

export interface GuardViolation {
  tabId: number;
  url: string;
  reason: string;
  byGovernance?: true;
}

const MAIN_FRAME: chrome.webRequest.RequestFilter = { urls: ["<all_urls>"], types: ["main_frame"] };
const BLANK = "about:blank";
/** How long policy_denied waits for the stopped tab to show about:blank before it answers anyway. */
const BLANK_COMMIT_MS = 5_000;

/**
 * Watches the top frame of a tab (and tabs it opens) while a write tool runs, so that a
 * navigation the tool started cannot land on a host the policy forbids through a server
 * redirect, a client-side redirect, or a popup. MV3 gives extensions no blocking
 * webRequest, so a forbidden hop is stopped as soon as it is seen (the tab goes to
 * about:blank) and the tool's result is replaced by policy_denied.
 */
export class NavigationGuard {
  private readonly tabs = new Set<number>();
  private found: GuardViolation | null = null;
  private stopping: Promise<unknown> = Promise.resolve();
  private readonly unsubscribe: Array<() => void>;

  private readonly onRedirect = (details: chrome.webRequest.OnBeforeRedirectDetails): void => {
    if (this.tabs.has(details.tabId)) this.judge(details.tabId, details.redirectUrl, "was redirected to");
  };
  /** A top-level load the network rules blocked before it left (governance rules) commits no page of its own. */
  private readonly onFailed = (details: chrome.webRequest.OnErrorOccurredDetails): void => {
    if (this.tabs.has(details.tabId) && details.error === "net::ERR_BLOCKED_BY_CLIENT")
      this.judge(details.tabId, details.url, "tried to go to");
  };
  private readonly onCommitted = (details: chrome.webNavigation.WebNavigationTransitionCallbackDetails): void => {
    if (details.frameId === 0 && this.tabs.has(details.tabId)) this.judge(details.tabId, details.url, "navigated to");
  };
  /** The address a hostname resolved to: a public name pointing at 127.0.0.1 is still loopback. */
  private readonly onResponse = (details: chrome.webRequest.OnResponseStartedDetails): void => {
    if (!this.policy.blockPrivateNetworks || !this.tabs.has(details.tabId) || details.ip === undefined) return;
    if (isPrivateAddress(details.ip))
      this.stop(
        details.tabId,
        `reached ${details.url}`,
        `its host resolved to the private address ${details.ip}, and the policy blocks private networks`,
      );
  };
  private readonly onPopup = (details: chrome.webNavigation.WebNavigationSourceCallbackDetails): void => {
    if (this.tabs.has(details.sourceTabId)) this.tabs.add(details.tabId);
  };

  /** Tools that open tabs (tab_open, session_restore) have no tab yet: follow the ones they create. */
  private readonly onTabCreated = (tab: chrome.tabs.Tab): void => {
    if (tab.id !== undefined) this.tabs.add(tab.id);
  };

  constructor(
    tabId: number | null,
    private readonly policy: GovernedPolicy,
    private readonly followNewTabs = false,
  ) {
    if (tabId !== null) this.tabs.add(tabId);
    // Shared listeners: the same events, without the cost of registering them on every write.
    this.unsubscribe = [
      ...(followNewTabs ? [subscribe(chrome.tabs.onCreated, this.onTabCreated)] : []),
      subscribeFiltered(chrome.webRequest.onBeforeRedirect, MAIN_FRAME, this.onRedirect),
      subscribeFiltered(chrome.webRequest.onResponseStarted, MAIN_FRAME, this.onResponse),
      subscribeFiltered(chrome.webRequest.onErrorOccurred, MAIN_FRAME, this.onFailed),
      subscribe(chrome.webNavigation.onCommitted, this.onCommitted),
      subscribe(chrome.webNavigation.onCreatedNavigationTarget, this.onPopup),
    ];
  }

  get violation(): GuardViolation | null {
    return this.found;
  }

  /** Resolves once the tab that hit a forbidden URL shows about:blank (or the wait for it ran out). */
  async settled(): Promise<void> {
    await this.stopping;
  }

  disarm(): void {
    for (const leave of this.unsubscribe) leave();
  }

  private judge(tabId: number, raw: string, how: string): void {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return;
    }
    // about:blank (our own stop), chrome-error:// pages and the like are not hosts to judge.
    if (url.protocol !== "http:" && url.protocol !== "https:") return;
    const verdict = checkHost(this.policy, url);
    if (!verdict.allowed) this.stop(tabId, `${how} ${raw}`, verdict.reason, verdict.byGovernance);
  }

  private stop(tabId: number, what: string, reason: string, byGovernance?: true): void {
    this.found ??= { tabId, url: what, reason, ...(byGovernance ? { byGovernance } : {}) };
    this.stopping = Promise.all([this.stopping, sendToBlank(tabId)]);
  }
}

/**
 * chrome.tabs.update resolves when the navigation is asked for, not when it lands: an agent
 * told policy_denied that then lists its tabs must not still see the page it was stopped on.
 */
function sendToBlank(tabId: number): Promise<void> {
  return new Promise((resolve) => {
    const finish = (): void => {
      clearTimeout(timer);
      leave();
      resolve();
    };
    const timer = setTimeout(finish, BLANK_COMMIT_MS);
    const leave = subscribe(chrome.tabs.onUpdated, (updatedId, change) => {
      if (updatedId === tabId && change.url === BLANK) finish();
    });
    chrome.tabs.update(tabId, { url: BLANK }).then((tab) => {
      if (tab?.url === BLANK && tab.pendingUrl === undefined) finish();
    }, finish);
  });
}
