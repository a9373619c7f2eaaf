import { WebOperatorError, type ContentResult } from "../../../protocol/index.js";
import type { Point } from "../input/mouse.js";

/** The point trusted input aims at; prepare_action with `exactPoint` always gives one or refuses. */
export function aimedPoint(prepared: ContentResult<"prepare_action">): Point {
  if (prepared.point !== undefined) return prepared.point;
  throw new WebOperatorError(
    "unsupported_frame",
    `${prepared.ref} sits in a frame whose coordinates cannot be mapped exactly, so trusted input cannot be aimed at it; use the synthetic L1 tool (browser.click) instead.`,
  );
}
