import { subscribe } from "../sharedListeners.js";

/**
 * The highest tab id this worker knows to exist. Chrome numbers tabs from one counter that
 * only goes up, so a tab with a higher id than this mark at some moment was created after it.
 * A write takes the mark before it dispatches instead of listing every tab: a list costs the
 * worker time per open tab, on every write of every agent at once.
 *
 * The mark may lag (an onCreated event not delivered yet), never lead: a lagging mark only
 * counts another tab as new, which makes a write wait its full settle, never miss its own tab.
 */
let highest = 0;
let seeded: Promise<void> | null = null;
let listening = false;

export function noteTabIds(tabs: readonly chrome.tabs.Tab[]): void {
  for (const tab of tabs) if (tab.id !== undefined && tab.id > highest) highest = tab.id;
}

export async function tabIdHighWater(): Promise<number> {
  if (!listening) {
    // Kept for the worker's life: the mark must follow every tab created from now on.
    subscribe(chrome.tabs.onCreated, (tab: chrome.tabs.Tab) => noteTabIds([tab]));
    listening = true;
  }
  seeded ??= chrome.tabs
    .query({})
    .then(noteTabIds)
    .catch(() => {
      // Seeded again by the next write.
      seeded = null;
    });
  await seeded;
  return highest;
}
