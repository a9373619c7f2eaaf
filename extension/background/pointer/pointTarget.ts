import { WebOperatorError } from "../../../protocol/index.js";
import { callContent } from "../contentClient.js";

export interface PointTarget {
  tag: string;
  role?: string;
  name?: string;
}

/**
 * What lies under a viewport point, read before the pointer acts there (an action may
 * replace it). Also the viewport check: a point outside it would land nowhere the agent saw.
 */
export async function targetAtPoint(tabId: number, x: number, y: number): Promise<PointTarget> {
  const { viewport, ...target } = await callContent(tabId, { op: "element_at", x, y });
  if (x >= viewport.width || y >= viewport.height) {
    throw new WebOperatorError(
      "bad_request",
      `Point (${x}, ${y}) is outside the viewport, which is ${viewport.width}x${viewport.height} CSS px. ` +
        "Coordinates are viewport CSS pixels: map a screenshot pixel back with clip.x + px / scale, or scroll first.",
    );
  }
  return target;
}
