import { focusMoved, rememberFocusedFor } from "../actionability/focusJudgement.js";
import { WebOperatorError } from "../../../protocol/errors.js";
import type { ContentResult } from "../../../protocol/contentReplies.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { resolveTarget, scrollIntoView } from "./actionTarget.js";
import { focusableSelfOrAncestor, isFocusRoot, isFocused } from "./focusTarget.js";
import * as dom from "../dom/intrinsics.js";

/** The "focus" op: puts keyboard focus where trusted key presses should land. */
export function focusRef(registry: RefRegistry, rawRef: string): ContentResult<"focus"> {
  const target = resolveTarget(registry, rawRef);
  scrollIntoView(target.element);
  const focusable = focusableSelfOrAncestor(target.element);
  if (focusable !== null) dom.focus(focusable, { preventScroll: true });
  // It took focus and the page's focus handler sent it on: keys pressed now would go there.
  const active = focusable === null ? null : focusedIn(focusable);
  if (focusable !== null && active !== null && active !== focusable)
    throw focusMoved(`${target.ref} (${target.described})`, active, "key press");
  if (focusable === null || !isFocused(focusable)) {
    throw new WebOperatorError(
      "not_actionable",
      `Element ${target.ref} (${target.described}) cannot take keyboard focus (not focusable, hidden or disabled); use browser.click on it or pick a focusable ref from browser.snapshot.`,
    );
  }
  rememberFocusedFor(target.ref, focusable);
  return { ref: target.ref, target: target.target, recovered: target.recovered };
}

/** What has focus in the element's own tree (document or shadow root), <body> counting as nothing. */
function focusedIn(element: Element): Element | null {
  const root = dom.getRootNode(element);
  if (!isFocusRoot(root)) return null;
  const active = dom.activeElement(root);
  return active === null || active === dom.body(dom.ownerDocument(element)) ? null : active;
}
