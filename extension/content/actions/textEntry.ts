import type { TypeMode } from "./typeMode.js";
import * as dom from "../dom/intrinsics.js";

/**
 * Writes through the prototype's value setter: frameworks that wrap `value` on the
 * instance (React's value tracker) then see a real change when `input` fires.
 */
export function enterFieldText(field: HTMLInputElement | HTMLTextAreaElement, text: string, mode: TypeMode): void {
  const next = mode === "append" ? field.value + text : text;
  const deleting = mode === "replace" && text === "";
  const inputType = deleting ? "deleteContentBackward" : "insertText";
  const data = deleting ? null : text;
  const proceed = field.dispatchEvent(new InputEvent("beforeinput", { bubbles: true, cancelable: true, composed: true, inputType, data }));
  // A page that cancels beforeinput inserts text itself (or refuses it); the value we report shows which.
  if (!proceed) return;
  setNativeValue(field, next);
  placeCaretAtEnd(field);
  field.dispatchEvent(new InputEvent("input", { bubbles: true, composed: true, inputType, data }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

/**
 * Editors keep their own model and write the DOM from it: text they only see arrive in the DOM
 * is lost (Slate) or undone on their next render. So the text is offered first as the
 * beforeinput event editors listen to (inputType insertText, the target range the selection
 * covers); an editor that takes it cancels the event and inserts into its model. When nobody
 * cancels it, Chrome's own editing inserts it (execCommand): selection, undo stack and an input
 * event, which editors that watch the DOM (ProseMirror, Quill, CodeMirror) read back. Nothing
 * writes the DOM behind the editor's back: text neither path took stays untaken, and the
 * worker, which reads back what the host shows, moves on to trusted input.
 */
export function enterEditableText(element: HTMLElement, text: string, mode: TypeMode): void {
  const document = dom.ownerDocument(element);
  const selection = dom.getSelection(document);
  let targetRanges: StaticRange[] = [];
  if (selection !== null) {
    const range = dom.createRange(document);
    range.selectNodeContents(element);
    if (mode === "append") range.collapse(false);
    selection.removeAllRanges();
    selection.addRange(range);
    targetRanges = [new StaticRange(range)];
  }
  const deleting = text === "";
  if (deleting && mode === "append") return;
  const inputType = deleting ? "deleteContentBackward" : "insertText";
  const offered = new InputEvent("beforeinput", {
    bubbles: true,
    cancelable: true,
    composed: true,
    inputType,
    data: deleting ? null : text,
    targetRanges,
  });
  if (!dom.dispatchEvent(element, offered)) return;
  dom.execCommand(document, deleting ? "delete" : "insertText", false, text);
}

function setNativeValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field.localName === "input" ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
  if (setter === undefined) field.value = value;
  else setter.call(field, value);
}

function placeCaretAtEnd(field: HTMLInputElement | HTMLTextAreaElement): void {
  try {
    field.setSelectionRange(field.value.length, field.value.length);
  } catch {
    // email and number inputs have no selection API.
  }
}
