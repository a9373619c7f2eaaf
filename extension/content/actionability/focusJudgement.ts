import { WebOperatorError } from "../../../protocol/errors.js";
import type { ContentResult } from "../../../protocol/contentReplies.js";
import { describeElement, formatDescriptor } from "../accessibility/elementDescriptor.js";
import { LayoutCache } from "../dom/layoutCache.js";
import { deepActiveElement } from "../dom/deepActiveElement.js";
import { resolveTarget } from "../actions/actionTarget.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { changeSinceJudged } from "./judgedTargets.js";
import { composedParent } from "../dom/composedTree.js";
import * as dom from "../dom/intrinsics.js";

/** The element our focus op or typing preparation gave focus to, per ref: keys must reach that one. */
const focusedFor = new Map<string, WeakRef<Element>>();
/** The focused element the gatekeeper last judged for a key press without a ref (describe_ref with neither ref nor point). */
let judgedFocus: WeakRef<Element> | null = null;

export function rememberFocusedFor(ref: string, element: Element): void {
  focusedFor.set(ref, new WeakRef(element));
}

export function rememberJudgedFocus(element: Element | null): void {
  judgedFocus = element === null ? null : new WeakRef(element);
}

/**
 * The "check_focus" op, right before trusted keys or text go out: they go to whatever has
 * focus, and a page's focus handler can move it (from a search field to a sign-in form's
 * button, so Enter sends the password). With a ref, focus must still be on the element we
 * focused for it; without, on the element the gatekeeper judged; and that element's link and
 * form must be as judged.
 */
export function checkFocus(registry: RefRegistry, rawRef: string | undefined, purpose: string): ContentResult<"check_focus"> {
  const active = deepActiveElement(document);
  const target = rawRef === undefined ? null : resolveTarget(registry, rawRef);
  const expected = target === null ? (judgedFocus?.deref() ?? null) : (focusedFor.get(target.ref)?.deref() ?? target.element);
  const meant = target === null ? "the element the gatekeeper judged" : `${target.ref} (${target.described})`;
  if (!within(active, expected)) throw focusMoved(meant, active, purpose);
  const change = active === null ? null : changeSinceJudged(active, new LayoutCache());
  if (change !== null) {
    throw new WebOperatorError(
      "target_changed",
      `${meant} changed after the gatekeeper judged it: ${change}. The ${purpose} was not sent. Take a new snapshot and repeat it to have it judged as it is now.`,
    );
  }
  return { ref: target?.ref ?? null };
}

/** Focus is on `expected` or inside its shadow tree (a host that delegates focus to its inner field). */
function within(active: Element | null, expected: Element | null): boolean {
  if (active === null || expected === null) return active === expected;
  for (let node: Element | null = active; node !== null; node = composedParent(node)) if (node === expected) return true;
  return false;
}

/** target_changed: the page's own handler took focus elsewhere after we gave it to `meant`. */
export function focusMoved(meant: string, active: Element | null, purpose: string): WebOperatorError {
  return new WebOperatorError(
    "target_changed",
    `Focus moved from ${meant} to ${describeFocus(active)} before the ${purpose} went out, so nothing was sent: the page moved it. ` +
      "Take a new snapshot, then retry with the ref of the field you mean.",
  );
}

function describeFocus(element: Element | null): string {
  if (element === null || !dom.isConnected(element)) return "nothing";
  return `${formatDescriptor(describeElement(element, new LayoutCache()))} <${dom.localName(element)}>`;
}
