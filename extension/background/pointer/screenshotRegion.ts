import { WebOperatorError } from "../../../protocol/index.js";
import { callContent } from "../contentClient.js";
import { readPageGeometry, type PageGeometry } from "./layoutMetrics.js";
import type { ViewportRegion } from "./imageCapture.js";

export type ScreenshotSubject = { kind: "viewport" } | { kind: "fullPage" } | { kind: "ref"; ref: string };

/**
 * The region a screenshot covers, in viewport CSS px: the viewport, the whole page (which
 * starts at -scroll), or a ref's box, scrolled into view first when it is not fully shown.
 */
export async function screenshotRegion(
  tabId: number,
  subject: ScreenshotSubject,
): Promise<{ region: ViewportRegion; geometry: PageGeometry }> {
  if (subject.kind === "ref") {
    const box = await callContent(tabId, { op: "element_box", ref: subject.ref, reveal: true });
    const geometry = await readPageGeometry(tabId);
    return { region: clampToPage({ x: box.x, y: box.y, width: box.width, height: box.height }, geometry), geometry };
  }
  const geometry = await readPageGeometry(tabId);
  if (subject.kind === "fullPage") {
    return {
      region: { x: -geometry.scrollX, y: -geometry.scrollY, width: geometry.contentWidth, height: geometry.contentHeight },
      geometry,
    };
  }
  return { region: { x: 0, y: 0, width: geometry.viewportWidth, height: geometry.viewportHeight }, geometry };
}

/** A box sticking out of the document (negative margins, overflow) is cut to what can be rendered. */
function clampToPage(box: ViewportRegion, geometry: PageGeometry): ViewportRegion {
  const left = Math.max(box.x, -geometry.scrollX);
  const top = Math.max(box.y, -geometry.scrollY);
  const right = Math.min(box.x + box.width, geometry.contentWidth - geometry.scrollX);
  const bottom = Math.min(box.y + box.height, geometry.contentHeight - geometry.scrollY);
  if (right - left < 1 || bottom - top < 1) {
    throw new WebOperatorError("not_actionable", "The element lies outside the page's renderable area; scroll to it or pick another ref.");
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}
