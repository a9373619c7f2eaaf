interface TabEvent<A extends unknown[]> {
  addListener(callback: (...args: A) => void): void;
}

/** The tab and navigation events the cache follows: chrome's own in the worker (tabChangeEvents.ts), fakes in a unit test. */
export interface TabChangeEvents<T> {
  /** tabs.onUpdated: the tab's id, what changed, and the whole tab as it is now. */
  updated: TabEvent<[number, unknown, T]>;
  /** Any other change to a tab's fields (activation, a move, another window, removal, replacement). */
  others: ReadonlyArray<TabEvent<never[]>>;
  /** A top-frame navigation beginning or committing: its tab's URL is about to change. */
  navigations: ReadonlyArray<TabEvent<[{ tabId: number; frameId: number }]>>;
}

/**
 * What a read command's gate knows of a tab without asking the browser. `chrome.tabs.get` is a
 * round trip to the browser's UI thread: 0.7-1 ms when Chrome is idle and 1-4 ms right after a
 * load, while Chrome still paints, which is exactly when an agent asks for its first snapshot.
 * Chrome sends every change of a tab's fields as `tabs.onUpdated` with the whole tab, so the cache
 * holds each tab as its latest update described it.
 *
 * An entry is never more than an event's delivery behind Chrome, and is dropped as soon as its top
 * frame begins or commits a navigation, so a read never names a URL the tab is leaving. Any other
 * change (activation, a move between windows, removal) empties the cache, since those events do
 * not carry the tabs they change. Only reads use it. A read's answer names the document that
 * produced it, and the gate judges that document's URL too (answeringDocument.ts): that covers an
 * event's delivery gap, and the gap between any tab read and the page's answer.
 */
export class TabReadCache<T extends { id?: number }> {
  private readonly tabs = new Map<number, T & { id: number }>();

  listen(events: TabChangeEvents<T>): void {
    events.updated.addListener((tabId, _change, tab) => {
      if (tab.id === tabId) this.tabs.set(tabId, { ...tab, id: tabId });
    });
    for (const event of events.others) event.addListener(() => this.tabs.clear());
    for (const event of events.navigations)
      event.addListener((details) => {
        if (details.frameId === 0) this.tabs.delete(details.tabId);
      });
  }

  get(tabId: number): (T & { id: number }) | undefined {
    return this.tabs.get(tabId);
  }
}
