import { onDialogSignal } from "./dialogSignalListener.js";
import { pageRecord } from "./pageRecord/pageRecord.js";
import * as dom from "./dom/intrinsics.js";

/**
 * Where the document_start receiver did not run (a tab older than the extension), this script
 * cannot tell what came before it listened: the first snapshot drains the recorders then.
 */
let signalledBeforeItListened = true;
let firstTake = true;

/**
 * The main-world dialog recorders of this tab's frames signal the top frame when they answer
 * a dialog (dialogRecorderPage.ts). Knowing of it lets browser.snapshot skip its main-world
 * drain round trip when no frame recorded anything, which is almost always, the first snapshot
 * of a document included: the receiver (recordReceiver.iife.ts) hears the signals from
 * document_start, before the page's first script, and the top frame's own within the dialog's
 * call. A subframe's signal is a posted message that may arrive after a snapshot request, so
 * the first snapshot of a document with frames still drains them.
 */
export function listenForDialogSignals(): void {
  if (pageRecord() !== null) return;
  onDialogSignal(() => {
    signalledBeforeItListened = true;
  });
}

function hasSubframes(): boolean {
  return dom.querySelector(document, "iframe, frame, object, embed") !== null;
}

/** Whether a dialog may have been recorded since the last call; resets the signal. */
export function takeDialogSignal(): boolean {
  const first = firstTake;
  firstTake = false;
  const record = pageRecord();
  if (record === null) {
    const signalled = signalledBeforeItListened;
    signalledBeforeItListened = false;
    return signalled;
  }
  const signalled = record.dialogSignalled || (first && hasSubframes());
  record.dialogSignalled = false;
  return signalled;
}
