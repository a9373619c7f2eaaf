import { rememberFocusedFor } from "../actionability/focusJudgement.js";
import { WebOperatorError } from "../../../protocol/errors.js";
import type { ContentResult } from "../../../protocol/contentReplies.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { assertEnabled, assertVisible, resolveTarget, scrollIntoView } from "./actionTarget.js";
import { classifyEditable } from "./editableKind.js";
import * as dom from "../dom/intrinsics.js";

/**
 * Focuses a field and selects what trusted typing should replace (everything) or puts
 * the caret at the end (append), so CDP Input.insertText lands like a person's typing.
 */
export function prepareTyping(registry: RefRegistry, rawRef: string, mode: "replace" | "append"): ContentResult<"prepare_typing"> {
  const target = resolveTarget(registry, rawRef);
  scrollIntoView(target.element);
  assertVisible(target);
  assertEnabled(target);
  const editable = classifyEditable(target.element);
  if (editable.kind === "none") {
    throw new WebOperatorError(
      "not_actionable",
      `${target.ref} (${target.described}) is ${editable.reason}; pick a textbox ref from browser.snapshot.`,
    );
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
    return { ref: target.ref, target: target.target, recovered: target.recovered, before: field.value };
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
  return { ref: target.ref, target: target.target, recovered: target.recovered, before: dom.innerText(element) };
}

export function readValue(registry: RefRegistry, rawRef: string): ContentResult<"read_value"> {
  const { ref, element } = registry.resolve(rawRef);
  const editable = classifyEditable(element);
  const raw = editable.kind === "field" ? editable.element.value : (dom.innerText(element as HTMLElement) ?? "");
  const masked = dom.localName(element) === "input" && (element as HTMLInputElement).type === "password" ? "•".repeat(raw.length) : raw;
  return { ref, value: masked };
}
