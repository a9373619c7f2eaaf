import { WebOperatorError } from "../../../../protocol/errors.js";

/**
 * Nothing took: the field or editor shows what it showed before, and that is not already
 * the wanted text. (Pages and editors that ignore untrusted input leave exactly this trace;
 * an editor that took the text and reshaped it, a masked phone field or a Markdown shortcut,
 * does not, and is answered as it shows.) Read after the page settled, since editors draw
 * what they took on their next render.
 */
export function typingVisiblyFailed(before: string, after: string, text: string, mode: "replace" | "append"): boolean {
  if (text.length === 0) return false;
  const wanted = mode === "replace" ? text : before + text;
  return after === before && after !== wanted;
}

/** Trusted insertion left the text as it was: the answer says so rather than report a value the editor does not hold. */
export function textNotTaken(ref: string, shows: string): WebOperatorError {
  return new WebOperatorError(
    "dispatch_failed",
    `${ref} did not take the typed text: after trusted text insertion it still shows ${JSON.stringify(shows.slice(0, 200))}. Click into the editor with browser.click and type with browser.press, or check browser.snapshot for another textbox.`,
    { stage: "verify" },
  );
}
