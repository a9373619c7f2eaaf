import { WebOperatorError } from "../../../protocol/errors.js";
import type { ContentResult } from "../../../protocol/contentReplies.js";
import { normalizeWhitespace } from "../dom/textNormalize.js";
import { describeElement } from "../accessibility/elementDescriptor.js";
import { LayoutCache } from "../dom/layoutCache.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { assertEnabled, resolveTarget, scrollIntoView, type ActionTarget } from "./actionTarget.js";
import { dispatchClickSequence } from "./pointerEvents.js";
import * as dom from "../dom/intrinsics.js";

interface Wanted {
  values: string[];
  labels: string[];
}

/**
 * Selects options by value or visible text. Native <select>: set the options and fire
 * input/change as a user pick does. ARIA listbox (or a combobox that controls one):
 * click each matching role=option, which is what such widgets listen for.
 */
export function selectOption(registry: RefRegistry, rawRef: string, wanted: Wanted): ContentResult<"select_option"> {
  if (wanted.values.length + wanted.labels.length === 0) {
    throw new WebOperatorError("bad_request", "select_option needs values or labels naming the option(s) to select.");
  }
  const target = resolveTarget(registry, rawRef);
  scrollIntoView(target.element);
  assertEnabled(target);
  const selected =
    dom.localName(target.element) === "select"
      ? selectNative(target, target.element as HTMLSelectElement, wanted)
      : selectAria(target, wanted);
  return { ref: target.ref, target: target.target, recovered: target.recovered, selected };
}

function matches(value: string, label: string, wanted: Wanted): boolean {
  const text = normalizeWhitespace(label).toLowerCase();
  return wanted.values.includes(value) || wanted.labels.some((each) => normalizeWhitespace(each).toLowerCase() === text);
}

function selectNative(target: ActionTarget, select: HTMLSelectElement, wanted: Wanted): Array<{ value: string; label: string }> {
  const options = [...select.options].filter((option) => !option.disabled && matches(option.value, option.label, wanted));
  const requested = wanted.values.length + wanted.labels.length;
  if (options.length === 0)
    throw noMatch(
      target,
      [...select.options].map((option) => option.label),
    );
  if (!select.multiple && (requested > 1 || options.length > 1)) {
    throw new WebOperatorError(
      "bad_request",
      `${target.described} takes one option, but ${options.length > 1 ? "several options match" : "several were requested"}; name exactly one.`,
    );
  }
  for (const option of select.options) option.selected = options.includes(option);
  select.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  select.dispatchEvent(new Event("change", { bubbles: true }));
  return [...select.selectedOptions].map((option) => ({ value: option.value, label: normalizeWhitespace(option.label) }));
}

function selectAria(target: ActionTarget, wanted: Wanted): Array<{ value: string; label: string }> {
  const listbox = listboxFor(target.element);
  if (listbox === null) {
    throw new WebOperatorError(
      "not_actionable",
      `${target.described} is neither a <select> nor a listbox; open the widget (browser.click) and click the option's ref instead.`,
    );
  }
  const layout = new LayoutCache();
  const options = [...dom.querySelectorAll(listbox, '[role="option"]')].map((element) => ({
    element,
    label: describeElement(element, layout).name,
  }));
  const picks = options.filter((option) => matches(dom.getAttribute(option.element, "data-value") ?? option.label, option.label, wanted));
  if (picks.length === 0)
    throw noMatch(
      target,
      options.map((option) => option.label),
    );
  for (const pick of picks) {
    dom.scrollIntoView(pick.element, { block: "nearest", behavior: "instant" });
    const box = dom.getBoundingClientRect(pick.element);
    dispatchClickSequence(pick.element, { x: box.left + box.width / 2, y: box.top + box.height / 2 });
  }
  return picks.map((pick) => ({ value: dom.getAttribute(pick.element, "data-value") ?? pick.label, label: pick.label }));
}

function listboxFor(element: Element): Element | null {
  if (dom.getAttribute(element, "role") === "listbox") return element;
  const controlled = dom.getAttribute(element, "aria-controls") ?? dom.getAttribute(element, "aria-owns");
  if (controlled !== null) {
    const candidate = dom.getElementById(dom.ownerDocument(element), controlled.split(/\s+/)[0] ?? "");
    if (candidate !== null && dom.getAttribute(candidate, "role") === "listbox") return candidate;
  }
  return dom.querySelector(element, '[role="listbox"]');
}

function noMatch(target: ActionTarget, available: string[]): WebOperatorError {
  const list = available
    .slice(0, 20)
    .map((label) => `"${label}"`)
    .join(", ");
  return new WebOperatorError(
    "not_found",
    `No enabled option of ${target.described} matches; available: ${list}${available.length > 20 ? ", …" : ""}.`,
  );
}
