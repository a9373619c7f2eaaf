import { currentWindowId } from "./tabSummary.js";

/**
 * Snapshot of what the user sees (each window's active tab and the current window) so that
 * an operation the browser insists on showing (a session restore) can be put back behind it.
 */
export async function rememberVisibleTabs(): Promise<{ restore(): Promise<void> }> {
  const [activeTabs, focusedWindowId] = await Promise.all([chrome.tabs.query({ active: true }), currentWindowId()]);
  return {
    async restore() {
      for (const tab of activeTabs) {
        if (tab.id !== undefined) await chrome.tabs.update(tab.id, { active: true }).catch(() => undefined);
      }
      if (focusedWindowId !== undefined && (await currentWindowId()) !== focusedWindowId) {
        await chrome.windows.update(focusedWindowId, { focused: true }).catch(() => undefined);
      }
    },
  };
}
