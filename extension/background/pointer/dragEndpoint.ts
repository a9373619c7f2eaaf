import { WebOperatorError } from "../../../protocol/index.js";
import { callContent } from "../contentClient.js";

export type DragEnd = { ref: string } | { x: number; y: number };

/**
 * A drag end as a viewport point: a ref's centre, or the agent's coordinates. A ref is
 * scrolled into view only when `reveal` is set (both ends are refs): scrolling would
 * move the content under coordinates the agent read from an earlier screenshot.
 */
export async function dragEndPoint(tabId: number, end: DragEnd, reveal: boolean, label: "from" | "to"): Promise<{ x: number; y: number }> {
  if (!("ref" in end)) return end;
  const box = await callContent(tabId, { op: "element_box", ref: end.ref, reveal });
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (x < 0 || y < 0 || x >= box.viewport.width || y >= box.viewport.height) {
    throw new WebOperatorError(
      "not_actionable",
      `The drag's ${label} element ${box.ref} is outside the viewport; scroll so both ends are visible, then retry ` +
        "(or drag step by step with browser.mouse_down, browser.mouse_move and browser.mouse_up).",
    );
  }
  return { x, y };
}
