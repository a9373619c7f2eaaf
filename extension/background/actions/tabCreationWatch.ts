/** Notices tabs a page opens (target=_blank, window.open) while an action runs. */
export class TabCreationWatch {
  private created: { tabId: number; url: string } | null = null;

  private readonly onCreated = (tab: chrome.tabs.Tab): void => {
    if (tab.openerTabId === this.tabId && tab.id !== undefined && this.created === null) {
      this.created = { tabId: tab.id, url: tab.pendingUrl ?? tab.url ?? "" };
    }
  };

  constructor(private readonly tabId: number) {
    chrome.tabs.onCreated.addListener(this.onCreated);
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
    chrome.tabs.onCreated.removeListener(this.onCreated);
  }
}
