import { WebOperatorError } from "../../protocol/index.js";

/**
 * Picks the tab a command acts on. An explicit tabId that is gone is an error, never
 * silently replaced; the agent's default route falls back to the active tab.
 */
export async function resolveTab(explicitTabId: number | undefined, defaultTabId: number | undefined): Promise<chrome.tabs.Tab & { id: number }> {
  if (explicitTabId !== undefined) {
    const tab = await getTab(explicitTabId);
    if (!tab) {
      throw new WebOperatorError("tab_not_found", `Tab ${explicitTabId} does not exist (closed?). List tabs or omit tabId to use the active tab.`);
    }
    return tab;
  }
  if (defaultTabId !== undefined) {
    const tab = await getTab(defaultTabId);
    if (tab) return tab;
  }
  const active = await activeTab();
  if (active) return active;
  const created = await chrome.tabs.create({ url: "about:blank", active: true });
  if (created.id === undefined) throw new WebOperatorError("tab_not_found", "No browser tab is open and none could be created.");
  return { ...created, id: created.id };
}

/** The tab a tool acts on: the one its gate admitted (resolved the same way, moments ago), else resolved now. */
export async function toolTab(explicitTabId: number | undefined, context: { admittedTab: (chrome.tabs.Tab & { id: number }) | null; defaultTabId: number | undefined }): Promise<chrome.tabs.Tab & { id: number }> {
  const admitted = context.admittedTab;
  if (admitted !== null && (explicitTabId === undefined || explicitTabId === admitted.id)) return admitted;
  return resolveTab(explicitTabId, context.defaultTabId);
}

async function getTab(tabId: number): Promise<(chrome.tabs.Tab & { id: number }) | null> {
  try {
    const tab = await chrome.tabs.get(tabId);
    return tab.id === undefined ? null : { ...tab, id: tab.id };
  } catch {
    return null;
  }
}

async function activeTab(): Promise<(chrome.tabs.Tab & { id: number }) | null> {
  const queries: chrome.tabs.QueryInfo[] = [
    { active: true, lastFocusedWindow: true },
    { active: true },
    {},
  ];
  for (const query of queries) {
    const tabs = await chrome.tabs.query(query);
    const tab = tabs.find((candidate) => candidate.id !== undefined && isWebTab(candidate)) ?? tabs.find((candidate) => candidate.id !== undefined);
    if (tab?.id !== undefined) return { ...tab, id: tab.id };
  }
  return null;
}

function isWebTab(tab: chrome.tabs.Tab): boolean {
  const url = tab.url ?? tab.pendingUrl ?? "";
  return url.startsWith("http:") || url.startsWith("https:");
}
