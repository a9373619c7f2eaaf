import { hasEditContext } from "./editorSurface.js";
import * as dom from "../dom/intrinsics.js";
/** Input types that accept free text; typing into others (checkbox, date...) is refused. */
const TEXT_INPUT_TYPES = new Set(["text", "search", "email", "url", "tel", "password", "number"]);
/** Inputs whose value is set whole, in the format the spec gives (2026-11-29, 14:30, #ff8800). */
export const FORMATTED_INPUT_FORMATS: Record<string, string> = {
  date: "yyyy-mm-dd",
  time: "hh:mm",
  "datetime-local": "yyyy-mm-ddThh:mm",
  month: "yyyy-mm",
  week: "yyyy-Www",
  color: "#rrggbb",
  range: "a number within the slider's range",
};

export type Editable =
  | { kind: "field"; element: HTMLInputElement | HTMLTextAreaElement }
  | { kind: "contenteditable"; element: HTMLElement }
  /** An EditContext element (Monaco): no DOM editing reaches its text, only trusted input does. */
  | { kind: "editContext"; element: HTMLElement }
  | { kind: "none"; reason: string };

export function classifyEditable(element: Element): Editable {
  if (dom.localName(element) === "input") {
    const input = element as HTMLInputElement;
    if (Object.hasOwn(FORMATTED_INPUT_FORMATS, input.type)) return { kind: "field", element: input };
    if (!TEXT_INPUT_TYPES.has(input.type)) return { kind: "none", reason: `an input of type ${input.type}, which takes no typed text` };
    return { kind: "field", element: input };
  }
  if (dom.localName(element) === "textarea") return { kind: "field", element: element as HTMLTextAreaElement };
  if (hasEditContext(element)) return { kind: "editContext", element: element as HTMLElement };
  if (dom.isContentEditable(element as HTMLElement) === true) return { kind: "contenteditable", element: element as HTMLElement };
  return { kind: "none", reason: "not a text field or editable region" };
}
