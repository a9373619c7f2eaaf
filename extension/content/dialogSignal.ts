import * as dom from "./dom/intrinsics.js";
import { RECORDER_KEY } from "../pageScripts/dialogRecorderPage.js";

const SIGNAL = `${RECORDER_KEY}:recorded`;

/**
 * Whether this script runs before anything of the page did: at document_start (the
 * manifest's way in) no element but the root exists yet, so no page script has run and no
 * recorder can have answered a dialog. Injected later (a tab older than the extension), it
 * cannot tell what came before.
 */
function startedBeforeThePage(): boolean {
  const root = dom.documentElement(document);
  return root === null || dom.firstElementChild(root) === null;
}

/** Until this document's first snapshot: false where nothing can have come before this script listened. */
let recordedSinceLastTake = !startedBeforeThePage();

/**
 * The main-world dialog recorders of this tab's frames post a signal to the top window when
 * they answer a dialog. Listening here lets browser.snapshot skip its main-world drain
 * round trip when no frame has recorded anything, which is almost always.
 */
export function listenForDialogSignals(): void {
  window.addEventListener(
    "message",
    (event) => {
      if (event.data === SIGNAL) recordedSinceLastTake = true;
    },
    true,
  );
}

/** Whether a dialog was recorded since the last call; resets the flag. */
export function takeDialogSignal(): boolean {
  const recorded = recordedSinceLastTake;
  recordedSinceLastTake = false;
  return recorded;
}
