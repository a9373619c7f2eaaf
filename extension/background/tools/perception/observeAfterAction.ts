import { OBSERVATION_MAX_CHARS } from "../../../../protocol/constants.js";
import type { Observation } from "../../../../protocol/content/pageShapes.js";
import { callContent } from "../../contentClient.js";

/**
 * What a write tool shows after its action: a ~6,000-char snapshot, the line
 * diff against the previous view of the same document, and the interactive refs. The
 * action already happened, so a page that is gone (tab closed, navigated to a page we
 * cannot read, torn down mid-call) yields null instead of failing the action.
 */
export async function observeAfterAction(tabId: number, known?: chrome.tabs.Tab, retract?: string): Promise<Observation | null> {
  try {
    return await callContent(
      tabId,
      { op: "observe", maxChars: OBSERVATION_MAX_CHARS, ...(retract === undefined ? {} : { retract }) },
      known,
    );
  } catch {
    return null;
  }
}
