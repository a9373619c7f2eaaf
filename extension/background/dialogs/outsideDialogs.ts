import type { DialogRecord } from "../../../protocol/index.js";
import { isAgentTab, markAgentTab } from "./tabsAgentsActedIn.js";
import { drainRecordedDialogs, installRecorder } from "./dialogRecorder.js";

/**
 * Called as an agent acts on a tab: from then on its dialogs never block it. The recorder
 * goes into the documents already there when the tab is first adopted; later documents
 * get it as they commit, and every write re-arms it in documents that missed it.
 */
export async function adoptAgentTab(tabId: number): Promise<void> {
  if (await markAgentTab(tabId)) await installRecorder(tabId);
}

/** Every new document (or frame) of an agent tab gets the recorder as soon as it commits. */
export async function onAgentTabCommitted(tabId: number, frameId: number): Promise<void> {
  if (await isAgentTab(tabId)) await installRecorder(tabId, frameId);
}

export async function outsideDialogs(tabId: number): Promise<DialogRecord[]> {
  return (await isAgentTab(tabId)) ? drainRecordedDialogs(tabId) : [];
}
