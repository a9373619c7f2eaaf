import { WebOperatorError } from "../../../protocol/index.js";
import { callOnDeepElement, describeDeep } from "./deepField.js";
import type { ResolvedDeepRef } from "./resolveDeepRef.js";

interface Wanted {
  values: string[];
  labels: string[];
}

type Picked = { selected: Array<{ value: string; label: string }> } | { refused: "not_select" | "several" } | { available: string[] };

/**
 * In the element's frame: a native <select> takes the options matched by value or visible
 * label (trimmed, whitespace collapsed, case-insensitive) and fires input and change, as a
 * pick from its list does; the same rule the page's own select_option follows.
 */
const PICK = `function (values, labels) {
  if (!(this instanceof HTMLSelectElement)) return { refused: "not_select" };
  const norm = (text) => text.replace(/\\s+/g, " ").trim().toLowerCase();
  const wanted = labels.map(norm);
  const picks = [...this.options].filter((option) => !option.disabled && (values.includes(option.value) || wanted.includes(norm(option.label))));
  if (picks.length === 0) return { available: [...this.options].map((option) => option.label.replace(/\\s+/g, " ").trim()) };
  if (!this.multiple && (values.length + labels.length > 1 || picks.length > 1)) return { refused: "several" };
  for (const option of this.options) option.selected = picks.includes(option);
  this.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  this.dispatchEvent(new Event("change", { bubbles: true }));
  return { selected: [...this.selectedOptions].map((option) => ({ value: option.value, label: option.label.replace(/\\s+/g, " ").trim() })) };
}`;

/** Selects options of a native <select> named by a deep ref; typed errors as the page's select_option answers them. */
export async function selectDeepOption(resolved: ResolvedDeepRef, wanted: Wanted): Promise<Array<{ value: string; label: string }>> {
  const picked = await callOnDeepElement<Picked>(resolved, PICK, [wanted.values, wanted.labels]);
  if ("selected" in picked) return picked.selected;
  const what = describeDeep(resolved);
  if ("available" in picked) {
    const list = picked.available.slice(0, 20).map((label) => `"${label}"`);
    throw new WebOperatorError(
      "not_found",
      `No enabled option of ${what} matches; available: ${list.join(", ")}${picked.available.length > 20 ? ", …" : ""}.`,
    );
  }
  if (picked.refused === "several")
    throw new WebOperatorError("bad_request", `${what} takes one option, but several match or were requested; name exactly one.`);
  throw new WebOperatorError(
    "not_actionable",
    `${what} is not a <select>; in a frame, open the widget (browser.click on its deep ref) and click the option's deep ref instead.`,
  );
}
