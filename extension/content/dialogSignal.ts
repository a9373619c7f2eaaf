import { RECORDER_KEY } from "../pageScripts/dialogRecorderPage.js";

const SIGNAL = `${RECORDER_KEY}:recorded`;

/**
 * True until this document's first snapshot drains the recorders: a dialog a page script
 * answered at load may come before this script listens (after a service-worker restart the
 * signal was missed; test/e2e/storageCells.test.ts).
 */
let recordedSinceLastTake = true;

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
