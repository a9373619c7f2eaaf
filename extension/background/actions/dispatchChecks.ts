import type { Point } from "../input/mouse.js";
import { WebOperatorError } from "../../../protocol/index.js";
import { callContent } from "../contentClient.js";

/**
 * The last checks of trusted input, made by the page's content script after our pointer move
 * or focus and right before the press, drop or keys go out (DESIGN.md invariant 9). Each
 * throws (obscured, target_changed, stale_ref) when the input would now reach something else;
 * the caller then sends nothing more.
 */

/** A press or drop at a point that coordinates named: the control judged there is still under it. */
export function pointHolds(tabId: number, point: Point, purpose: "click" | "drag" | "drop", tab?: chrome.tabs.Tab): Promise<unknown> {
  return callContent(tabId, { op: "check_point", x: point.x, y: point.y, purpose }, tab);
}

/** A press or drop on a ref's element at `point`: the element prepared, clear there, as judged. */
export function refHolds(
  tabId: number,
  ref: string,
  point: Point,
  purpose: "click" | "hover" | "drag",
  tab?: chrome.tabs.Tab,
): Promise<unknown> {
  return callContent(tabId, { op: "check_dispatch", ref, point, purpose }, tab);
}

/** Keys or text about to go to the focused element: focus is where we put it (or where the gatekeeper judged it). */
export async function focusHolds(
  tabId: number,
  ref: string | undefined,
  purpose: "key press" | "typing",
  tab?: chrome.tabs.Tab,
): Promise<unknown> {
  try {
    return await callContent(tabId, { op: "check_focus", ...(ref === undefined ? {} : { ref }), purpose }, tab);
  } catch (error) {
    // A key press on a page without a content script (about:blank) was judged as having no target either.
    if (ref === undefined && error instanceof WebOperatorError && error.code === "unsupported_page") return null;
    throw error;
  }
}
