import { WebOperatorError } from "../../../protocol/errors.js";
import type { ContentResult } from "../../../protocol/contentReplies.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { assertEnabled, assertVisible, resolveTarget, scrollIntoView, type ActionTarget } from "./actionTarget.js";
import { FORMATTED_INPUT_FORMATS, classifyEditable } from "./editableKind.js";
import { enterEditableText, enterFieldText } from "./textEntry.js";
import { editableText } from "./editableText.js";
import { shownElementFor } from "./editorSurface.js";
import type { TypeMode } from "./typeMode.js";
import * as dom from "../dom/intrinsics.js";

/**
 * The "type" op: sets a field's text the way frameworks notice, then reports what the page
 * shows. An editor's hidden input (Monaco) is judged by the editor around it, as a person
 * clicking into the editor would; its text only trusted input can enter, so here it is only
 * focused and the worker goes on to trusted typing when nothing took.
 */
export function typeIntoRef(registry: RefRegistry, rawRef: string, text: string, mode: TypeMode): ContentResult<"type"> {
  const target = resolveTarget(registry, rawRef);
  const shown = { ...target, element: shownElementFor(target.element) };
  scrollIntoView(shown.element);
  assertVisible(shown);
  assertEnabled(target);
  const editable = classifyEditable(target.element);
  if (editable.kind === "none") throw notEditable(target, `it is ${editable.reason}`);
  if (editable.kind === "field" && editable.element.readOnly) throw notEditable(target, "it is read-only");

  dom.focus(editable.element, { preventScroll: true });
  let value: string;
  if (editable.kind === "field" && shown.element === target.element) {
    const format = FORMATTED_INPUT_FORMATS[editable.element.type];
    if (format !== undefined) return setFormattedValue(target, editable.element as HTMLInputElement, text, format);
    enterFieldText(editable.element, text, mode);
    value = editable.element.type === "password" ? "•".repeat(editable.element.value.length) : editable.element.value;
  } else {
    if (editable.kind === "contenteditable") enterEditableText(editable.element, text, mode);
    value = editableText(editable.element);
  }
  return { ref: target.ref, target: target.target, value, recovered: target.recovered };
}

/**
 * Date, time, colour and range inputs have no text to type into: the value is set whole,
 * as a picker would, and a value the input rejects is reported rather than lost silently.
 */
function setFormattedValue(target: ActionTarget, input: HTMLInputElement, text: string, format: string): ContentResult<"type"> {
  enterFieldText(input, text, "replace");
  if (text !== "" && input.value === "") {
    throw new WebOperatorError(
      "bad_request",
      `${target.described} (an input of type ${input.type}) rejected "${text}"; give the value as ${format}.`,
    );
  }
  return { ref: target.ref, target: target.target, value: input.value, recovered: target.recovered };
}

function notEditable(target: ActionTarget, why: string): WebOperatorError {
  return new WebOperatorError(
    "not_actionable",
    `Element ${target.ref} (${target.described}) cannot be typed into: ${why}; pick a textbox from browser.snapshot, or use browser.click for controls.`,
  );
}
