import { callContent } from "../../contentClient.js";
import { DEFAULT_SNAPSHOT_CHARS } from "../snapshot.js";

/**
 * After a navigate answers, the agent's next call is almost always a snapshot. A new
 * document's first one pays for what a later one does not: the content port's set-up and a
 * walk through code the page's fresh script context has not run yet (about twice a warm
 * walk). Asking the page to build it now, while the answer travels to the agent and the
 * model reads it, moves that cost off the agent's path: the snapshot it asks for is then a
 * cache hit if the page did not change, or a warm walk if it did. Not awaited; a failure
 * shows again on the snapshot that is asked for.
 */
export function prepareFirstSnapshot(tabId: number): void {
  void callContent(tabId, { op: "prepare_snapshot", maxChars: DEFAULT_SNAPSHOT_CHARS }).catch(() => undefined);
}
