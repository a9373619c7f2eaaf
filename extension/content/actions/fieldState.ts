import type { ContentResult } from "../../../protocol/contentReplies.js";
import { checkedState } from "../accessibility/elementStates.js";
import { isEditableRoot } from "../accessibility/accessibleRole.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { resolveTarget } from "./actionTarget.js";
import * as dom from "../dom/intrinsics.js";

type FieldKind = ContentResult<"field_state">["kind"];

const TOGGLE_ROLES: ReadonlySet<string> = new Set(["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"]);
const TEXT_ROLES: ReadonlySet<string> = new Set(["textbox", "searchbox", "spinbutton"]);
/** Input types that take neither typing nor a pick: they are pressed, or hold a file. */
const NOT_TYPED_INPUTS: ReadonlySet<string> = new Set(["button", "submit", "reset", "image", "file", "hidden", "range", "color"]);

/**
 * The "field_state" op: how fill_form sets `ref`. A native <select>, a listbox, or a
 * combobox that is not itself a text field take a pick by label; a checkbox, radio or
 * switch is clicked only when its state differs from the one asked for; anything typed
 * into (inputs, textareas, editable regions, an editable combobox) takes text.
 */
export function fieldState(registry: RefRegistry, rawRef: string): ContentResult<"field_state"> {
  const { ref, element, target } = resolveTarget(registry, rawRef);
  const kind = kindOf(element, target.role);
  const checked = kind === "toggle" && checkedState(element, target.role) === true;
  return { ref, target, kind, checked };
}

function kindOf(element: Element, role: string): FieldKind {
  const tag = dom.localName(element);
  if (tag === "select" || role === "listbox") return "choice";
  if (tag === "input") {
    const type = (element as HTMLInputElement).type;
    if (type === "checkbox" || type === "radio") return "toggle";
    return NOT_TYPED_INPUTS.has(type) ? "other" : "text";
  }
  if (TOGGLE_ROLES.has(role)) return "toggle";
  if (tag === "textarea" || isEditableRoot(element) || TEXT_ROLES.has(role)) return "text";
  if (role === "combobox") return "choice";
  return "other";
}
