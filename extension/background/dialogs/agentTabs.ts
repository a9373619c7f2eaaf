const STORAGE_KEY = "weboperator.agentTabs";

/**
 * Tabs an agent has acted on. Only these get the outside-action dialog recorder: the
 * user's own tabs keep their dialogs exactly as the page wrote them. Kept in
 * chrome.storage.session so a restarted worker still knows them; read from there once
 * per worker life, so the hot path of every command costs no storage round trip.
 */
let known: Promise<Set<number>> | null = null;

export async function markAgentTab(tabId: number): Promise<boolean> {
  const tabs = await agentTabs();
  if (tabs.has(tabId)) return false;
  tabs.add(tabId);
  await chrome.storage.session.set({ [STORAGE_KEY]: [...tabs] });
  return true;
}

export async function isAgentTab(tabId: number): Promise<boolean> {
  return (await agentTabs()).has(tabId);
}

export async function forgetAgentTab(tabId: number): Promise<void> {
  const tabs = await agentTabs();
  if (tabs.delete(tabId)) await chrome.storage.session.set({ [STORAGE_KEY]: [...tabs] });
}

function agentTabs(): Promise<Set<number>> {
  known ??= chrome.storage.session.get(STORAGE_KEY).then((items) => {
    const stored = items[STORAGE_KEY];
    return new Set(Array.isArray(stored) ? stored.filter((id): id is number => typeof id === "number") : []);
  });
  return known;
}
