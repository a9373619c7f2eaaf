import { WebOperatorError } from "../../../../protocol/index.js";
import { DEFAULT_MAX_IMAGE_SIDE, MAX_IMAGE_SIDE } from "../../../../protocol/tools/pointerTools.js";
import { defineTool } from "../../toolRegistry.js";
import { resolveTab } from "../../tabResolver.js";
import { readPageGeometry } from "../../pointer/layoutMetrics.js";
import { captureRegion, fitScale } from "../../pointer/imageCapture.js";

/** Default magnification when the agent gives none, as long as the image stays within 1568 px. */
const DEFAULT_ZOOM = 4;
/** Sub-pixel slack for regions copied from a scaled screenshot. */
const EDGE_TOLERANCE = 0.5;

/** A viewport region at higher resolution, for small text and controls (Claude's `zoom`). */
export const zoomTool = defineTool({
  name: "browser.zoom",
  async run({ x, y, width, height, scale, tabId }, context) {
    const tab = await resolveTab(tabId, context.defaultTabId);
    const geometry = await readPageGeometry(tab.id);
    if (x + width > geometry.viewportWidth + EDGE_TOLERANCE || y + height > geometry.viewportHeight + EDGE_TOLERANCE) {
      throw new WebOperatorError(
        "bad_request",
        `Region ${x},${y} ${width}x${height} does not lie inside the viewport (${geometry.viewportWidth}x${geometry.viewportHeight} CSS px); ` +
          "give x, y, width, height in viewport CSS pixels, or use browser.screenshot with fullPage for content below the fold.",
      );
    }
    const region = { x, y, width: Math.min(width, geometry.viewportWidth - x), height: Math.min(height, geometry.viewportHeight - y) };
    const imageScale = scale ?? fitScale(region, DEFAULT_ZOOM, DEFAULT_MAX_IMAGE_SIDE, DEFAULT_MAX_IMAGE_SIDE);
    // An explicit scale is honoured up to what Chrome can rasterise.
    const capped = fitScale(region, imageScale, MAX_IMAGE_SIDE, MAX_IMAGE_SIDE);
    return { tabId: tab.id, ...(await captureRegion(tab.id, region, capped, geometry)) };
  },
});
