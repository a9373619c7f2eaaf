import type { CommandResult } from "../../../../protocol/index.js";
import { boundText, MAX_URL_CHARS } from "./boundedText.js";

export type TabSummary = CommandResult<"browser.tabs_list">["tabs"][number];
export type IdentifiedTab = chrome.tabs.Tab & { id: number };

/** The browser's current window: the focused one, else the one last focused. */
export async function currentWindowId(): Promise<number | undefined> {
  try {
    const window = await chrome.windows.getLastFocused({ windowTypes: ["normal", "popup", "app"] });
    return window.id;
  } catch {
    return undefined;
  }
}

export function hasTabId(tab: chrome.tabs.Tab): tab is IdentifiedTab {
  return tab.id !== undefined && tab.id !== chrome.tabs.TAB_ID_NONE;
}

/** A tab still loading reports its destination as pendingUrl; that is the URL the agent cares about. */
export function tabUrl(tab: chrome.tabs.Tab): string {
  return boundText(tab.url || tab.pendingUrl, MAX_URL_CHARS);
}

export function summarizeTab(tab: IdentifiedTab, focusedWindowId: number | undefined, agent: string | undefined): TabSummary {
  const grouped = tab.groupId !== undefined && tab.groupId >= 0;
  return {
    tabId: tab.id,
    windowId: tab.windowId,
    index: tab.index,
    url: tabUrl(tab),
    title: boundText(tab.title),
    active: tab.active,
    focusedWindow: tab.windowId === focusedWindowId,
    ...(grouped ? { groupId: tab.groupId } : {}),
    ...(agent === undefined ? {} : { agent }),
    status: tab.discarded || tab.status === "unloaded" ? "unloaded" : tab.status === "loading" ? "loading" : "complete",
    ...(tab.audible === undefined ? {} : { audible: tab.audible }),
    pinned: tab.pinned,
  };
}
