import { z } from "zod";
import { cell } from "../storage/cell.js";

/**
 * Tabs an agent has acted on. Only these get the outside-action dialog recorder: the
 * user's own tabs keep their dialogs exactly as the page wrote them. Kept in session
 * storage so a restarted worker still knows them; loaded once per worker life, so the hot
 * path of every command costs no storage round trip.
 */
const actedIn = cell(
  "session",
  "weboperator.tabsAgentsActedIn",
  z.array(z.number().int()).default(() => []),
);

/** Marks the tab; true when it was not marked before. */
export function markAgentTab(tabId: number): Promise<boolean> {
  return actedIn.update((tabs) => (tabs.includes(tabId) ? { result: false } : { result: true, next: [...tabs, tabId] }));
}

export async function isAgentTab(tabId: number): Promise<boolean> {
  return (await actedIn.read()).includes(tabId);
}

export function forgetAgentTab(tabId: number): Promise<void> {
  return actedIn.update((tabs) =>
    tabs.includes(tabId) ? { result: undefined, next: tabs.filter((id) => id !== tabId) } : { result: undefined },
  );
}
