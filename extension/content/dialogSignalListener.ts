import { DIALOG_SIGNAL } from "../pageScripts/dialogRecorderPage.js";

/**
 * Hears this tab's dialog recorders (dialogRecorderPage.ts): the top frame's dispatches its
 * signal on the window, within the dialog's call; a subframe's posts it to the top frame.
 * Registered in the capture phase so that a page listener cannot stop it first.
 */
export function onDialogSignal(signalled: () => void): void {
  window.addEventListener(DIALOG_SIGNAL, signalled, true);
  window.addEventListener(
    "message",
    (event) => {
      if (event.data === DIALOG_SIGNAL) signalled();
    },
    true,
  );
}
