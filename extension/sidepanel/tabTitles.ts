/** A tab's title for the agent list; null once the tab is closed. */
export async function tabTitle(tabId: number): Promise<string | null> {
  try {
    const tab = await chrome.tabs.get(tabId);
    return tab.title || tab.url || `tab ${tabId}`;
  } catch {
    return null;
  }
}
