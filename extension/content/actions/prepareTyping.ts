import { rememberFocusedFor } from "../actionability/focusJudgement.js";
import { WebOperatorError } from "../../../protocol/errors.js";
import type { ContentResult } from "../../../protocol/contentReplies.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { assertEnabled, assertVisible, resolveTarget, scrollIntoView } from "./actionTarget.js";
import { classifyEditable } from "./editableKind.js";
import { editableText } from "./editableText.js";
import { shownElementFor } from "./editorSurface.js";
import * as dom from "../dom/intrinsics.js";

/**
 * Focuses a field and selects what trusted typing should replace (everything) or puts
 * the caret at the end (append), so CDP Input.insertText lands like a person's typing.
 * An editor whose text lives outside the DOM selection's reach (Monaco's EditContext, a
 * hidden textarea that holds only the caret's line) answers `selectAll: "keyboard"`: the
 * worker selects with the editor's own Control+A, as a person would.
 */
export function prepareTyping(registry: RefRegistry, rawRef: string, mode: "replace" | "append"): ContentResult<"prepare_typing"> {
  const target = resolveTarget(registry, rawRef);
  const shown = { ...target, element: shownElementFor(target.element) };
  scrollIntoView(shown.element);
  assertVisible(shown);
  assertEnabled(target);
  const editable = classifyEditable(target.element);
  if (editable.kind === "none") {
    throw new WebOperatorError(
      "not_actionable",
      `${target.ref} (${target.described}) is ${editable.reason}; pick a textbox ref from browser.snapshot.`,
    );
  }
  const prepared = { ref: target.ref, target: target.target, recovered: target.recovered };
  if (editable.kind === "editContext" || shown.element !== target.element) {
    dom.focus(editable.element, { preventScroll: true });
    rememberFocusedFor(target.ref, editable.element);
    const before = editableText(editable.element);
    return { ...prepared, before, ...(mode === "replace" && before !== "" ? { selectAll: "keyboard" as const } : {}) };
  }
  if (editable.kind === "field") {
    const field = editable.element;
    if (field.readOnly) throw new WebOperatorError("not_actionable", `${target.ref} (${target.described}) is read-only.`);
    field.focus({ preventScroll: true });
    rememberFocusedFor(target.ref, field);
    const end = field.value.length;
    try {
      if (mode === "replace") field.setSelectionRange(0, end);
      else field.setSelectionRange(end, end);
    } catch {
      // number and email inputs have no selection API; select() still selects their text.
      if (mode === "replace") field.select();
    }
    return { ...prepared, before: field.value };
  }
  const element = editable.element;
  dom.focus(element, { preventScroll: true });
  rememberFocusedFor(target.ref, element);
  const selection = dom.getSelection(dom.ownerDocument(element));
  if (selection !== null) {
    const range = dom.createRange(dom.ownerDocument(element));
    range.selectNodeContents(element);
    if (mode === "append") range.collapse(false);
    selection.removeAllRanges();
    selection.addRange(range);
  }
  return { ...prepared, before: editableText(element) };
}

export function readValue(registry: RefRegistry, rawRef: string): ContentResult<"read_value"> {
  const { ref, element } = registry.resolve(rawRef);
  const editable = classifyEditable(element);
  const hidden = shownElementFor(element) !== element;
  const raw = editable.kind === "field" && !hidden ? editable.element.value : editableText(element as HTMLElement);
  const masked = dom.localName(element) === "input" && (element as HTMLInputElement).type === "password" ? "•".repeat(raw.length) : raw;
  return { ref, value: masked };
}
