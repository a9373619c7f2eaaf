import { WebOperatorError, type ContentResult } from "../../../protocol/index.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { resolveTarget, scrollIntoView } from "./actionTarget.js";
import { focusableSelfOrAncestor, isFocused } from "./focusTarget.js";
import * as dom from "../dom/intrinsics.js";

/** The "focus" op: puts keyboard focus where trusted key presses should land. */
export function focusRef(registry: RefRegistry, rawRef: string): ContentResult<"focus"> {
  const target = resolveTarget(registry, rawRef);
  scrollIntoView(target.element);
  const focusable = focusableSelfOrAncestor(target.element);
  if (focusable !== null) dom.focus(focusable, { preventScroll: true });
  if (focusable === null || !isFocused(focusable)) {
    throw new WebOperatorError(
      "not_actionable",
      `Element ${target.ref} (${target.described}) cannot take keyboard focus (not focusable, hidden or disabled); use browser.click on it or pick a focusable ref from browser.snapshot.`,
    );
  }
  return { ref: target.ref, target: target.target, recovered: target.recovered };
}
