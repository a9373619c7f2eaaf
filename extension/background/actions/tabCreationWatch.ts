import { subscribe } from "../sharedListeners.js";
import { noteTabIds, tabIdHighWater } from "./tabIdHighWater.js";

const COMMIT_WAIT_MS = 2_000;

/**
 * Notices tabs a page opens (target=_blank, window.open) while an action runs. A tab's
 * openerTabId is not enough: a link opened from a background tab gets the window's active
 * tab as its opener, so the navigation's own source (webNavigation) decides too.
 */
export class TabCreationWatch {
  private created: { tabId: number; url: string } | null = null;
  /** The watched tab itself, as the last openedSince query listed it. */
  private source: chrome.tabs.Tab | undefined;

  private readonly onCreated = (tab: chrome.tabs.Tab): void => {
    if (tab.openerTabId === this.tabId && tab.id !== undefined) this.take(tab.id, tab.pendingUrl ?? tab.url ?? "");
  };

  private readonly onNavigationTarget = (details: chrome.webNavigation.WebNavigationSourceCallbackDetails): void => {
    if (details.sourceTabId === this.tabId) this.take(details.tabId, details.url);
  };

  private readonly unsubscribe: Array<() => void>;

  constructor(private readonly tabId: number) {
    this.unsubscribe = [
      subscribe(chrome.tabs.onCreated, this.onCreated),
      subscribe(chrome.webNavigation.onCreatedNavigationTarget, this.onNavigationTarget),
    ];
  }

  /** The tab each window showed before the action, for handing the person's view back. */
  private readonly shownBefore = new Map<number, number>();

  /** The window the person was in before the action. */
  private focusedBefore: number | undefined;

  /**
   * What the person saw before the action (each window's shown tab, the focused window), and
   * the tab-id mark every tab open before the action is at or below, so `openedSince` can tell new ones.
   */
  async openedTabs(): Promise<number> {
    const [shown, focused, mark] = await Promise.all([
      chrome.tabs.query({ active: true }).catch(() => []),
      chrome.windows.getLastFocused().catch(() => null),
      tabIdHighWater(),
    ]);
    for (const tab of shown) if (tab.id !== undefined) this.shownBefore.set(tab.windowId, tab.id);
    this.focusedBefore = focused?.focused === true ? focused.id : undefined;
    return mark;
  }

  /**
   * A link an agent clicked in a background tab opens its tab in the foreground, as a
   * person's click would; but the person is reading another tab, and only tab_focus may
   * change what they see. The tab they were looking at comes back to the front.
   */
  async keepThePersonsView(): Promise<void> {
    if (this.created === null) return;
    const opened = await chrome.tabs.get(this.created.tabId).catch(() => null);
    if (opened === null) return;
    const personWasHere = this.focusedBefore === opened.windowId && this.shownBefore.get(opened.windowId) === this.tabId;
    if (personWasHere) return;
    const shown = this.shownBefore.get(opened.windowId);
    if (opened.active && shown !== undefined && shown !== opened.id)
      await chrome.tabs.update(shown, { active: true }).catch(() => undefined);
    // Opening a tab raises its window; the person's own window goes back in front.
    if (this.focusedBefore !== undefined && this.focusedBefore !== opened.windowId)
      await chrome.windows.update(this.focusedBefore, { focused: true }).catch(() => undefined);
  }

  /**
   * Whether the action may have opened a tab. Asks the browser, not only the events, which
   * can reach the worker late on a loaded machine: the tab itself exists once the click ran.
   * A new tab some other tab is named the opener of may still be this one's (the background
   * case): that is no quick return either, so the full settle gives its event time to come.
   */
  async openedSince(mark: number): Promise<boolean> {
    if (this.created !== null) return true;
    const tabs = await chrome.tabs.query({}).catch(() => []);
    noteTabIds(tabs);
    this.source = tabs.find((tab) => tab.id === this.tabId);
    const fresh = tabs.filter((tab) => tab.id !== undefined && tab.id > mark);
    const ours = fresh.find((tab) => tab.openerTabId === this.tabId);
    if (ours?.id !== undefined) this.take(ours.id, ours.pendingUrl ?? ours.url ?? "");
    return this.created !== null || fresh.some((tab) => tab.openerTabId !== undefined);
  }

  private take(tabId: number, url: string): void {
    if (this.created === null) this.created = { tabId, url };
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
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }
}
