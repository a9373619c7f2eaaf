import { WebOperatorError } from "../../protocol/index.js";
import { tabReadCache } from "./tabChangeEvents.js";

export type ResolvedTab = chrome.tabs.Tab & { id: number };

/**
 * Picks the tab a command acts on. An explicit tabId that is gone is an error, and so is
 * the agent's own route once its tab closed: neither is ever replaced by another tab
 * (which could be the person's inbox). Only an agent with no route yet reads the visible tab.
 */
export async function resolveTab(
  explicitTabId: number | undefined,
  defaultTabId: number | undefined,
  { forRead = false }: { forRead?: boolean } = {},
): Promise<ResolvedTab> {
  // A read may take the tab as Chrome's latest event described it (tabReadCache.ts).
  const readTab = forRead ? getTabForRead : getTab;
  if (explicitTabId !== undefined) {
    const tab = await readTab(explicitTabId);
    if (!tab) {
      throw new WebOperatorError(
        "tab_not_found",
        `Tab ${explicitTabId} does not exist (closed?). List tabs (browser.tabs_list) and pass the tabId of an open one.`,
      );
    }
    return tab;
  }
  if (defaultTabId !== undefined) {
    const tab = await readTab(defaultTabId);
    if (tab) return tab;
    throw routeClosed(defaultTabId);
  }
  const visible = await visibleTab();
  if (visible) return visible;
  return openTab({ active: true });
}

/** The tab a tool acts on: the one its gate admitted (resolved the same way, moments ago), else resolved now. */
export async function toolTab(
  explicitTabId: number | undefined,
  context: { admittedTab: ResolvedTab | null; defaultTabId: number | undefined },
): Promise<ResolvedTab> {
  const admitted = context.admittedTab;
  if (admitted !== null && (explicitTabId === undefined || explicitTabId === admitted.id)) return admitted;
  return resolveTab(explicitTabId, context.defaultTabId);
}

export async function getTab(tabId: number): Promise<ResolvedTab | null> {
  try {
    const tab = await chrome.tabs.get(tabId);
    return tab.id === undefined ? null : { ...tab, id: tab.id };
  } catch {
    return null;
  }
}

async function getTabForRead(tabId: number): Promise<ResolvedTab | null> {
  return tabReadCache.get(tabId) ?? getTab(tabId);
}

/** The tab the person is looking at: the focused window's active web tab, else any active tab. */
export async function visibleTab(): Promise<ResolvedTab | null> {
  const queries: chrome.tabs.QueryInfo[] = [{ active: true, lastFocusedWindow: true }, { active: true }, {}];
  for (const query of queries) {
    const tabs = await chrome.tabs.query(query);
    const tab =
      tabs.find((candidate) => candidate.id !== undefined && isWebTab(candidate)) ?? tabs.find((candidate) => candidate.id !== undefined);
    if (tab?.id !== undefined) return { ...tab, id: tab.id };
  }
  return null;
}

/** How long a new blank tab may take to finish its own about:blank load. */
const BLANK_LOAD_MAX_MS = 2_000;

/**
 * A blank tab; a background one stays behind the person's tab (only tab_focus changes what
 * they see). It answers once the tab's own about:blank load is done: Chrome drops a
 * navigation asked for while that initial load is still committing.
 */
export async function openTab({ active, windowId }: { active: boolean; windowId?: number }): Promise<ResolvedTab> {
  const created = await chrome.tabs.create({ url: "about:blank", active, ...(windowId === undefined ? {} : { windowId }) });
  if (created.id === undefined) throw new WebOperatorError("tab_not_found", "No browser tab is open and none could be created.");
  let tab: ResolvedTab = { ...created, id: created.id };
  for (const deadline = Date.now() + BLANK_LOAD_MAX_MS; tab.status !== "complete" && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    tab = (await getTab(tab.id)) ?? tab;
  }
  return tab;
}

function routeClosed(tabId: number): WebOperatorError {
  return new WebOperatorError(
    "tab_not_found",
    `Your tab ${tabId} was closed, and commands without tabId never move to another tab. browser.navigate opens a new tab of your own; or pass the tabId of one of your tabs (browser.tabs_list).`,
  );
}

function isWebTab(tab: chrome.tabs.Tab): boolean {
  const url = tab.url ?? tab.pendingUrl ?? "";
  return url.startsWith("http:") || url.startsWith("https:");
}
