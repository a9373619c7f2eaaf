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

/** execCommand makes Chrome edit as a keyboard would: selection, undo stack, trusted input events. */
export function enterEditableText(element: HTMLElement, text: string, mode: TypeMode): void {
  const document = dom.ownerDocument(element);
  const selection = dom.getSelection(document);
  if (selection !== null) {
    const range = dom.createRange(document);
    range.selectNodeContents(element);
    if (mode === "append") range.collapse(false);
    selection.removeAllRanges();
    selection.addRange(range);
  }
  const command = text === "" ? "delete" : "insertText";
  if (dom.execCommand(document, command, false, text)) return;
  if (mode === "replace") dom.setTextContent(element, text);
  else dom.append(element, text);
  dom.dispatchEvent(element, new InputEvent("input", { bubbles: true, composed: true, inputType: "insertText", data: text }));
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
