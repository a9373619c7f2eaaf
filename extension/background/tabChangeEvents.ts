import { TabReadCache } from "./tabReadCache.js";

export const tabReadCache = new TabReadCache<chrome.tabs.Tab>();

/** Registered at the worker's start with its other listeners, so that no change is missed. */
export function listenForTabChanges(): void {
  tabReadCache.listen({
    updated: chrome.tabs.onUpdated,
    others: [
      chrome.tabs.onActivated,
      chrome.tabs.onMoved,
      chrome.tabs.onAttached,
      chrome.tabs.onDetached,
      chrome.tabs.onRemoved,
      chrome.tabs.onReplaced,
      chrome.tabs.onHighlighted,
    ],
    navigations: [chrome.webNavigation.onBeforeNavigate, chrome.webNavigation.onCommitted],
  });
}
