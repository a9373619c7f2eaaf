import type { HopRecorder } from "../../../../protocol/index.js";
import { callContent } from "../../contentClient.js";
import { DEFAULT_SNAPSHOT_CHARS } from "../snapshot.js";

/**
 * The longest a navigate waits for the page to prepare its first snapshot. A page whose own
 * script holds its thread after DOMContentLoaded (or a dialog it raised at load) must not hold
 * the agent: past this the navigate answers, and the snapshot asked for next finishes the work.
 */
const PREPARE_WAIT_MS = 1500;

/**
 * After a navigate, the agent's next call is almost always a snapshot. A new document's first
 * one pays for what a later one does not: the content port's set-up and a walk through code the
 * page's fresh script context has not run yet (about twice a warm walk). The navigate answers
 * once the page has built it (the page can be read at once), as Playwright MCP's navigate
 * answers with a snapshot taken: the snapshot the agent asks for then is a cache hit if the page
 * did not change, or a warm walk if it did, and it no longer meets a worker and a page still
 * busy with the new document. A failure is not the navigate's: it shows again on the snapshot
 * that is asked for.
 */
export async function prepareFirstSnapshot(tabId: number, known?: chrome.tabs.Tab, hops?: HopRecorder, firstLook?: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Asked for a first look, the navigate answers it (firstLookAnswer.ts): prepared at its size, it is the snapshot served.
  const maxChars = firstLook === undefined || firstLook === 0 ? DEFAULT_SNAPSHOT_CHARS : firstLook;
  const prepared = callContent(tabId, { op: "prepare_snapshot", maxChars }, known, hops).then(
    () => undefined,
    () => undefined,
  );
  const capped = new Promise<void>((done) => (timer = setTimeout(done, PREPARE_WAIT_MS)));
  await Promise.race([prepared, capped]);
  clearTimeout(timer);
}
