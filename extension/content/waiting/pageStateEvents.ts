import { deepActiveElement } from "../dom/deepActiveElement.js";
import { classifyEditable } from "../actions/editableKind.js";
import * as dom from "../dom/intrinsics.js";

/**
 * What a write changed that no mutation shows: a form control's state (a checkbox's
 * checked, a field's value, which fire input or change) and where the focus went. Watched
 * alongside the mutation clock, over the same time.
 */
const STATE_EVENTS = ["input", "change"] as const;

let listening: Array<Document | ShadowRoot> = [];
let lastStateEventAt = Number.NEGATIVE_INFINITY;
let focusBefore: Element | null = null;

/** "editable": the focus moved into a text field; "other": it moved elsewhere. */
export type FocusMove = "none" | "editable" | "other";

function noteStateEvent(): void {
  lastStateEventAt = Date.now();
}

/** Listens on each root not yet listened on, and takes the focus as it is before this write. */
export function startStateWatch(roots: Array<Document | ShadowRoot>): void {
  for (const root of roots) {
    if (listening.includes(root)) continue;
    for (const type of STATE_EVENTS) dom.addEventListener(root, type, noteStateEvent, { capture: true, passive: true });
    listening.push(root);
  }
  focusBefore = deepActiveElement(document);
}

export function stopStateWatch(): void {
  for (const root of listening) for (const type of STATE_EVENTS) dom.removeEventListener(root, type, noteStateEvent, { capture: true });
  listening = [];
  lastStateEventAt = Number.NEGATIVE_INFINITY;
  focusBefore = null;
}

export function formStateChangedAfter(after: number): boolean {
  return lastStateEventAt > after;
}

export function focusMoveSinceWatch(): FocusMove {
  const now = deepActiveElement(document);
  if (now === focusBefore) return "none";
  return now !== null && classifyEditable(now).kind !== "none" ? "editable" : "other";
}
