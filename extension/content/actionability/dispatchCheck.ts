import { WebOperatorError } from "../../../protocol/errors.js";
import type { Point } from "../../shared/geometry.js";
import { LayoutCache } from "../dom/layoutCache.js";
import type { ActionTarget } from "../actions/actionTarget.js";
import { clickReachesTarget, deepElementFromPoint } from "./hitTest.js";
import { changeSinceJudged } from "./judgedTargets.js";
import { obscured } from "./obscuredError.js";
import * as dom from "../dom/intrinsics.js";

/** The element each ref was prepared as (prepare_action): the input at dispatch must go to that one. */
const preparedAs = new Map<string, WeakRef<Element>>();

export function rememberPrepared(target: ActionTarget): void {
  preparedAs.set(target.ref, new WeakRef(target.element));
}

/** Where the input goes: in the target's own frame viewport, and in the top frame's where it maps exactly. */
export interface DispatchPoint {
  local: Point;
  top: Point | undefined;
}

/**
 * The checks that must hold at the moment input is dispatched, after any scroll, hover or
 * pointer move of ours, and not only when the action was prepared (DESIGN.md invariant 9):
 * the target is still the element prepared, attached; nothing has come over it at the point
 * (a cover whose pointer-events a mousemove handler turned on); and its link, form action
 * and method are those the gatekeeper judged. Throws stale_ref, obscured or target_changed.
 */
export function assertHoldsAtDispatch(target: ActionTarget, point: DispatchPoint, purpose: string): void {
  const prepared = preparedAs.get(target.ref)?.deref();
  if ((prepared !== undefined && prepared !== target.element) || !dom.isConnected(target.element)) {
    throw new WebOperatorError(
      "stale_ref",
      `${target.ref} (${target.described}) was replaced or removed between its preparation and the ${purpose}; nothing was dispatched. Take a new snapshot.`,
    );
  }
  const hit =
    point.top === undefined ? deepElementFromPoint(point.local, dom.ownerDocument(target.element)) : deepElementFromPoint(point.top);
  if (hit !== null && !clickReachesTarget(hit, target.element, point.local))
    throw obscured(target, hit, purpose, " at the moment of input");
  const change = changeSinceJudged(target.element, new LayoutCache());
  if (change !== null) {
    throw new WebOperatorError(
      "target_changed",
      `${target.ref} (${target.described}) changed after the gatekeeper judged it: ${change}. Nothing was dispatched. Take a new snapshot and repeat the action to have it judged as it is now.`,
    );
  }
}
