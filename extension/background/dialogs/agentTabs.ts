const STORAGE_KEY = "weboperator.agentTabs";

/**
 * Tabs an agent has acted on. Only these get the outside-action dialog recorder: the
 * user's own tabs keep their dialogs exactly as the page wrote them. Kept in
 * chrome.storage.session so a restarted worker still knows them; read from there once
 * per worker life, so the hot path of every command costs no storage round trip.
 */
let known: Promise<Set<number>> | null = null;
/**
 * Writes go out one at a time, each with the set as it is when its turn comes, so two
 * commands marking tabs at once can never store an older set over a newer one (the
 * serialising chain policyStore.ts uses for the policy).
 */
let writes: Promise<void> = Promise.resolve();

function persist(tabs: Set<number>): Promise<void> {
  writes = writes.then(() => chrome.storage.session.set({ [STORAGE_KEY]: [...tabs] })).catch(() => undefined);
  return writes;
}

export async function markAgentTab(tabId: number): Promise<boolean> {
  const tabs = await agentTabs();
  if (tabs.has(tabId)) return false;
  tabs.add(tabId);
  await persist(tabs);
  return true;
}

export async function isAgentTab(tabId: number): Promise<boolean> {
  return (await agentTabs()).has(tabId);
}

export async function forgetAgentTab(tabId: number): Promise<void> {
  const tabs = await agentTabs();
  if (tabs.delete(tabId)) await persist(tabs);
}

function agentTabs(): Promise<Set<number>> {
  known ??= chrome.storage.session.get(STORAGE_KEY).then((items) => {
    const stored = items[STORAGE_KEY];
    return new Set(Array.isArray(stored) ? stored.filter((id): id is number => typeof id === "number") : []);
  });
  return known;
}
