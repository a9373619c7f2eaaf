import { WebOperatorError } from "../../../protocol/index.js";
import { callContent } from "../contentClient.js";
import { boxCentre, dropPoint, type DropPosition } from "./dropPoint.js";

export type DragEnd = { ref: string } | { x: number; y: number };
/**
 * A drag end as a viewport point: a ref's centre (or, for the drop, the point `position`
 * names), or the agent's coordinates. A ref is scrolled into view only when `reveal` is set
 * (both ends are refs): scrolling would move the content under coordinates the agent read
 * from an earlier screenshot.
 */
export async function dragEndPoint(
  tabId: number,
  end: DragEnd,
  reveal: boolean,
  label: "from" | "to",
  aim?: { from: { x: number; y: number }; position: DropPosition },
): Promise<{ x: number; y: number }> {
  if (!("ref" in end)) return end;
  const box = await callContent(tabId, { op: "element_box", ref: end.ref, reveal });
  const point = aim === undefined ? boxCentre(box) : dropPoint(box, aim.from, aim.position);
  if (point.x < 0 || point.y < 0 || point.x >= box.viewport.width || point.y >= box.viewport.height) {
    throw new WebOperatorError(
      "not_actionable",
      `The drag's ${label} point on ${box.ref} is outside the viewport; scroll so both ends are visible, then retry ` +
        "(or drag step by step with browser.mouse_down, browser.mouse_move and browser.mouse_up).",
    );
  }
  return point;
}
