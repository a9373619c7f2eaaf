import { subscribe } from "../sharedListeners.js";

const COMMIT_WAIT_MS = 2_000;

/** Notices tabs a page opens (target=_blank, window.open) while an action runs. */
export class TabCreationWatch {
  private created: { tabId: number; url: string } | null = null;
  /** The watched tab itself, as the last openedSince query listed it. */
  private source: chrome.tabs.Tab | undefined;

  private readonly onCreated = (tab: chrome.tabs.Tab): void => {
    if (tab.openerTabId === this.tabId && tab.id !== undefined && this.created === null) {
      this.created = { tabId: tab.id, url: tab.pendingUrl ?? tab.url ?? "" };
    }
  };

  private readonly unsubscribe: () => void;

  constructor(private readonly tabId: number) {
    this.unsubscribe = subscribe(chrome.tabs.onCreated, this.onCreated);
  }

  /** The tabs this tab has opened so far; taken before an action, so `openedSince` can tell new ones. */
  async openedTabs(): Promise<Set<number>> {
    const tabs = await chrome.tabs.query({}).catch(() => []);
    return new Set(tabs.filter((tab) => tab.openerTabId === this.tabId && tab.id !== undefined).map((tab) => tab.id as number));
  }

  /**
   * Whether the action opened a tab. Asks the browser, not only the onCreated event, which
   * can reach the worker late on a loaded machine: the tab itself exists once the click ran.
   */
  async openedSince(before: Set<number>): Promise<boolean> {
    if (this.created !== null) return true;
    const tabs = await chrome.tabs.query({}).catch(() => []);
    this.source = tabs.find((tab) => tab.id === this.tabId);
    const fresh = tabs.find((tab) => tab.openerTabId === this.tabId && tab.id !== undefined && !before.has(tab.id));
    if (fresh?.id !== undefined && this.created === null) this.created = { tabId: fresh.id, url: fresh.pendingUrl ?? fresh.url ?? "" };
    return this.created !== null;
  }

  /** The watched tab as the last openedSince query saw it: the same read, no second one. */
  sourceTab(): chrome.tabs.Tab | undefined {
    return this.source;
  }

  /** A new tab starts without a URL: wait (bounded) until its first document commits, so the agent can read it next. */
  async waitForCommit(deadline: number): Promise<void> {
    const until = Math.min(deadline, Date.now() + COMMIT_WAIT_MS);
    while (this.created !== null && Date.now() < until) {
      const tab = await chrome.tabs.get(this.created.tabId).catch(() => null);
      if (tab === null || (tab.url ?? "") !== "" || tab.pendingUrl === undefined) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The first child tab, with its URL refreshed once it has one. */
  async result(): Promise<{ tabId: number; url: string } | undefined> {
    if (this.created === null) return undefined;
    try {
      const tab = await chrome.tabs.get(this.created.tabId);
      return { tabId: this.created.tabId, url: tab.pendingUrl ?? tab.url ?? this.created.url };
    } catch {
      return this.created;
    }
  }

  disarm(): void {
    this.unsubscribe();
  }
}
