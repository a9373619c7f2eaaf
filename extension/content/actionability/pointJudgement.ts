import { WebOperatorError } from "../../../protocol/errors.js";
import type { ContentResult } from "../../../protocol/contentReplies.js";
import type { Point } from "../../shared/geometry.js";
import { describeElement, formatDescriptor } from "../accessibility/elementDescriptor.js";
import { LayoutCache } from "../dom/layoutCache.js";
import { deepElementFromPoint, hitReachesTarget } from "./hitTest.js";
import { changeSinceJudged } from "./judgedTargets.js";
import * as dom from "../dom/intrinsics.js";

/** What a click at a point activates: the control the hit element belongs to. */
const ACTIVATABLE =
  "a[href], area[href], button, input, select, textarea, summary, [role=button], [role=link], [role=menuitem], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=option], [contenteditable=''], [contenteditable=true]";

/** Points a coordinate tool asked about go stale quickly; a few are enough for one call's checks. */
const REMEMBERED_POINTS = 16;

/**
 * The control found under each top-frame viewport point when the gatekeeper judged it
 * (describe_ref {point}) or the tool read it (element_at); null where only the page's
 * background was. A coordinate write checks it again right before each press.
 */
const judgedAt = new Map<string, WeakRef<Element> | null>();

function keyOf(point: Point): string {
  return `${point.x},${point.y}`;
}

/** The control under a top-frame viewport point, remembered as what input there is meant for. */
export function controlAt(point: Point): Element | null {
  const hit = deepElementFromPoint(point);
  const control =
    hit === null || dom.localName(hit) === "html" || dom.localName(hit) === "body" ? null : (dom.closest(hit, ACTIVATABLE) ?? hit);
  if (judgedAt.size >= REMEMBERED_POINTS) judgedAt.clear();
  judgedAt.set(keyOf(point), control === null ? null : new WeakRef(control));
  return control;
}

/**
 * The "check_point" op: a coordinate write (click_xy, a drag) has moved the pointer to `point`
 * and is about to press or drop there. The press goes out only if what is under the point now
 * is the control that was judged there, or inside it, and that control's link and form are as
 * judged: a cover a mousemove handler turned on, or a frame slid in, answers obscured.
 */
export function checkPoint(point: Point, purpose: string): ContentResult<"check_point"> {
  const remembered = judgedAt.get(keyOf(point));
  if (remembered === undefined) {
    throw new WebOperatorError(
      "page_checks_failed",
      `Nothing was judged at (${point.x}, ${point.y}) before the ${purpose}, so it was not dispatched. Retry the action; if it fails again, reload the page.`,
    );
  }
  const judged = remembered?.deref() ?? null;
  const hit = deepElementFromPoint(point);
  const now = hit === null || dom.localName(hit) === "html" || dom.localName(hit) === "body" ? null : hit;
  if (remembered !== null && (judged === null || !dom.isConnected(judged))) {
    throw new WebOperatorError(
      "target_changed",
      `The element at (${point.x}, ${point.y}) was removed or replaced after it was judged; the ${purpose} was not dispatched. Take a new screenshot or snapshot and retry.`,
    );
  }
  if (now !== null && (judged === null || !hitReachesTarget(now, judged))) throw coveredAt(point, now, judged, purpose);
  if (judged !== null) {
    const change = changeSinceJudged(judged, new LayoutCache());
    if (change !== null) {
      throw new WebOperatorError(
        "target_changed",
        `The control at (${point.x}, ${point.y}) changed after the gatekeeper judged it: ${change}. The ${purpose} was not dispatched. Take a new snapshot and repeat it to have it judged as it is now.`,
      );
    }
  }
  return { x: point.x, y: point.y };
}

function coveredAt(point: Point, now: Element, judged: Element | null, purpose: string): WebOperatorError {
  const layout = new LayoutCache();
  const was = judged === null ? "the page's background" : formatDescriptor(describeElement(judged, layout));
  const cover = formatDescriptor(describeElement(now, layout));
  return new WebOperatorError(
    "obscured",
    `At (${point.x}, ${point.y}), ${cover} <${dom.localName(now)}> came over ${was} after it was judged, and would receive the ${purpose}; ` +
      "nothing was dispatched there. Take a new screenshot or snapshot: close or dismiss the covering element first.",
  );
}
