import { WebOperatorError } from "../../../protocol/errors.js";
import type { ContentResult } from "../../../protocol/contentReplies.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import {
  assertEnabled,
  assertVisible,
  centerInView,
  isShown,
  resolveTarget,
  scrollIntoView,
  type ActionTarget,
} from "../actions/actionTarget.js";
import { classifyEditable } from "../actions/editableKind.js";
import { shownElementFor } from "../actions/editorSurface.js";
import { exactFrameTransform, exactFrameTransformOrNull } from "./framePoint.js";
import { clickReachesTarget, deepElementFromPoint } from "./hitTest.js";
import { waitForStableBox, waitWhileAnimatingIn, waitWhileCoverAnimates } from "./stableBox.js";
import { clickPoint } from "./clickPoint.js";
import { watchMutations } from "../waiting/mutationClock.js";
import { obscured } from "./obscuredError.js";
import { rememberPrepared } from "./dispatchCheck.js";
import { linkHref } from "./judgedTargets.js";
import * as dom from "../dom/intrinsics.js";
import { toTopPoint, type Point } from "../../shared/geometry.js";

type Purpose = "click" | "hover" | "type" | "drag";

/**
 * Actionability before a write, so input never lands on the wrong element: scroll into view, then attached, visible,
 * stable, enabled, editable where it matters, and a hit test at the point the input will
 * land. An overlay that would take the click is named in an `obscured` error.
 */
export async function prepareAction(
  registry: RefRegistry,
  rawRef: string,
  purpose: Purpose,
  exactPoint: boolean,
  force = false,
): Promise<ContentResult<"prepare_action">> {
  const target = resolveTarget(registry, rawRef);
  // Typing into an editor's hidden input is judged by the editor a person would click into.
  const checked = purpose === "type" ? { ...target, element: shownElementFor(target.element) } : target;
  if (purpose === "type") assertTakesText(target);
  const prepared = await checkActionable(checked, purpose, exactPoint, force);
  rememberPrepared(target);
  // Every ref write prepares first, so its settle can count page changes from the dispatch on,
  // in the frame and shadow roots the target lives in too.
  watchMutations(target.element);
  return prepared;
}

async function checkActionable(
  target: ActionTarget,
  purpose: Purpose,
  exactPoint: boolean,
  force: boolean,
): Promise<ContentResult<"prepare_action">> {
  const scrolled = scrollIntoView(target.element);
  if (!force) await waitWhileAnimatingIn(target.element, () => isShown(target.element));
  assertVisible(target);
  if (purpose !== "hover") assertEnabled(target);
  const point = await stablePoint(target, purpose, exactPoint, force);
  if (!force && !clearAt(point, target)) await waitWhileCoverAnimates(() => (clearAt(point, target) ? null : hitAt(point)));
  if (!clearAt(point, target)) {
    // Left where it was, it may sit under a sticky header or banner: centred, it may be clear.
    if (!scrolled) {
      centerInView(target.element);
      const centred = await stablePoint(target, purpose, exactPoint, force);
      if (clearAt(centred, target)) return prepared(target, centred);
    }
    throw obscured(target, hitAt(point) ?? target.element, purpose);
  }
  return prepared(target, point);
}

function assertTakesText(target: ActionTarget): void {
  const editable = classifyEditable(target.element);
  if (editable.kind === "none") {
    throw new WebOperatorError(
      "not_actionable",
      `${target.ref} (${target.described}) is ${editable.reason}; pick a textbox ref from browser.snapshot.`,
    );
  }
}

function prepared(target: ActionTarget, point: TargetPoint): ContentResult<"prepare_action"> {
  const href = linkHref(target.element);
  return {
    ref: target.ref,
    target: target.target,
    recovered: target.recovered,
    ...(point.top === undefined ? {} : { point: point.top }),
    ...(href === undefined ? {} : { href }),
  };
}

interface TargetPoint {
  /** In the target's own frame viewport. */
  local: Point;
  document: Document;
  /** In the top frame's viewport, where trusted input goes; undefined when a frame on the way cannot be mapped exactly. */
  top: Point | undefined;
}

function clearAt(point: TargetPoint, target: ActionTarget): boolean {
  const hit = hitAt(point);
  return hit === null || clickReachesTarget(hit, target.element, point.local);
}

/**
 * What a pointer at the point hits: from the top frame down when the point maps there exactly,
 * else within the target's own document (synthetic input, which needs no coordinates).
 */
function hitAt(point: TargetPoint): Element | null {
  return point.top === undefined ? deepElementFromPoint(point.local, point.document) : deepElementFromPoint(point.top);
}

async function stablePoint(target: ActionTarget, purpose: Purpose, exactPoint: boolean, force: boolean): Promise<TargetPoint> {
  // `force` takes the box as it is now: the point is where the target is at this moment, and the hit test below still judges it.
  const box = force
    ? dom.getBoundingClientRect(target.element)
    : await waitForStableBox(target.element, `${target.ref} (${target.described})`);
  if (!dom.isConnected(target.element)) {
    throw new WebOperatorError(
      "stale_ref",
      `${target.ref} (${target.described}) was removed from the page while WebOperator prepared the action; take a new snapshot.`,
    );
  }
  const local = clickPoint(target.element, box);
  if (exactPoint)
    return {
      local,
      document: dom.ownerDocument(target.element),
      top: toTopPoint(exactFrameTransform(target.element, `a trusted ${purpose}`), local),
    };
  const frame = exactFrameTransformOrNull(target.element);
  return { local, document: dom.ownerDocument(target.element), top: frame === null ? undefined : toTopPoint(frame, local) };
}
