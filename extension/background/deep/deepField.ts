import { WebOperatorError } from "../../../protocol/index.js";
import { cdpSend, cdpTry } from "./cdpTarget.js";
import type { ResolvedDeepRef } from "./resolveDeepRef.js";

/**
 * A deep-ref element as a field that takes keys or text, worked on in its own frame's CDP
 * session: a cross-origin iframe has no content script of ours, so these are the deep
 * counterparts of the page's prepare_typing, check_focus and read_value.
 */

/** Why the element cannot take what the purpose sends (disabled, read-only, not a field), or null. */
const REFUSAL = `function (purpose) {
  if (this.disabled === true || this.closest?.("fieldset:disabled") || this.getAttribute?.("aria-disabled") === "true") return "it is disabled";
  if (purpose !== "typing") return null;
  const textual = this instanceof HTMLTextAreaElement ||
    (this instanceof HTMLInputElement && !/^(button|checkbox|color|file|hidden|image|radio|range|reset|submit)$/i.test(this.type));
  if (!textual && !this.isContentEditable) return "it is not a text field (no input, textarea or contenteditable)";
  if (this.readOnly === true) return "it is read-only";
  return null;
}`;

/** Focus is on the element or inside it, within its own document. */
const HOLDS_FOCUS = `function () {
  let active = this.ownerDocument.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  for (let node = active; node; node = node.parentNode || node.host || null) if (node === this) return null;
  return active ? active.localName + (active.id ? "#" + active.id : "") : "nothing";
}`;

/** An <iframe> on the way up holds its document's focus, so its frame is the page's focused frame. */
const FRAME_FOCUSED = `function () {
  return this.getRootNode().activeElement === this;
}`;

/** Replace selects the whole value (so the text replaces it); append puts the caret at its end. */
const SELECT_FOR_TYPING = `function (mode) {
  if (this instanceof HTMLInputElement || this instanceof HTMLTextAreaElement) {
    const end = this.value.length;
    try { this.setSelectionRange(mode === "replace" ? 0 : end, end); } catch { if (mode === "replace") this.select(); }
    return;
  }
  const range = this.ownerDocument.createRange();
  range.selectNodeContents(this);
  if (mode === "append") range.collapse(false);
  const selection = this.ownerDocument.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}`;

const VALUE = `function () {
  if (typeof this.value === "string" && !(this instanceof HTMLButtonElement)) return this.value;
  return this.isContentEditable ? this.innerText : (this.textContent || "");
}`;

/** Calls a function on the deep ref's element in its own frame and answers its value. */
export async function callOnDeepElement<T>(resolved: ResolvedDeepRef, functionDeclaration: string, args: unknown[] = []): Promise<T> {
  const answer = await cdpSend(resolved.target, "Runtime.callFunctionOn", {
    objectId: resolved.objectId,
    functionDeclaration,
    arguments: args.map((value) => ({ value })),
    returnByValue: true,
  });
  if (answer.exceptionDetails !== undefined) {
    throw new WebOperatorError(
      "internal_error",
      `Working on ${resolved.binding.ref} in its frame failed: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}.`,
    );
  }
  return answer.result.value as T;
}

/** not_actionable when the element cannot take keys or text as it is (disabled, read-only, not a field). */
export async function assertDeepFieldTakes(resolved: ResolvedDeepRef, purpose: "typing" | "key press" | "select"): Promise<void> {
  const why = await callOnDeepElement<string | null>(resolved, REFUSAL, [purpose]);
  if (why !== null) {
    throw new WebOperatorError(
      "not_actionable",
      `${describeDeep(resolved)} cannot take the ${purpose}: ${why}. Read the page again (browser.read_page_deep) and pick the field you mean.`,
    );
  }
}

/** Focuses the element in its frame, which also makes its frame the focused one, so the tab's keys and text go there. */
export async function focusDeepField(resolved: ResolvedDeepRef): Promise<void> {
  const focused = await cdpTry(resolved.target, "DOM.focus", { backendNodeId: resolved.backendNodeId });
  if (focused === null) {
    throw new WebOperatorError(
      "not_actionable",
      `${describeDeep(resolved)} cannot take focus. Click it (browser.click on its deep ref) instead.`,
    );
  }
}

/**
 * Right before keys or text go out: focus is still where we put it, and every <iframe> between
 * its frame and the tab's is focused in its own document, so the tab's keys reach that frame
 * (the page's focused frame), or nothing is sent (target_changed). Whether the window has focus
 * does not matter: trusted input goes to the page's focused frame in a background tab too.
 */
export async function deepFocusHolds(resolved: ResolvedDeepRef, purpose: "key press" | "typing"): Promise<void> {
  const elsewhere = await callOnDeepElement<string | null>(resolved, HOLDS_FOCUS);
  let where = elsewhere === null ? null : `focus is on <${elsewhere}> in its frame`;
  for (const owner of resolved.binding.owners) {
    if (where !== null) break;
    const frame = await cdpTry(owner.target, "DOM.resolveNode", {
      backendNodeId: owner.backendNodeId,
      objectGroup: "weboperator-deep-action",
    });
    const objectId = frame?.object.objectId;
    const focused =
      objectId === undefined
        ? null
        : await cdpTry(owner.target, "Runtime.callFunctionOn", { objectId, functionDeclaration: FRAME_FOCUSED, returnByValue: true });
    if (focused?.result.value !== true) where = "its frame is no longer the page's focused frame";
  }
  if (where === null) return;
  throw new WebOperatorError(
    "target_changed",
    `Focus left ${describeDeep(resolved)} before the ${purpose} went out (${where}), so nothing was sent: the page moved it. ` +
      "Read the page again (browser.read_page_deep), then retry with the ref of the field you mean.",
  );
}

export function selectForTyping(resolved: ResolvedDeepRef, mode: "replace" | "append"): Promise<void> {
  return callOnDeepElement<undefined>(resolved, SELECT_FOR_TYPING, [mode]).then(() => undefined);
}

/** What the field holds now, as its own frame reads it (after the page's input handlers reformatted it). */
export function readDeepValue(resolved: ResolvedDeepRef): Promise<string> {
  return callOnDeepElement<string>(resolved, VALUE);
}

export function describeDeep(resolved: ResolvedDeepRef): string {
  const { ref, role, name } = resolved.binding;
  return `${ref} (${role}${name === "" ? "" : ` "${name}"`})`;
}
