import { WebOperatorError } from "../../../protocol/index.js";
import { DEFAULT_MAX_IMAGE_SIDE } from "../../../protocol/tools/pointerTools.js";
import { defineTool } from "../toolRegistry.js";
import { resolveTab } from "../tabResolver.js";
import { captureRegion, fitScale } from "../pointer/imageCapture.js";
import { screenshotRegion, type ScreenshotSubject } from "../pointer/screenshotRegion.js";

/**
 * The viewport, the full page or a ref's box as PNG. Never upscaled beyond the device's
 * own pixels, and scaled down so the image fits maxWidth x maxHeight (1568 by default,
 * what Claude's vision takes without rejecting); `scale` and `clip` map pixels back.
 */
export const screenshotTool = defineTool({
  name: "browser.screenshot",
  async run({ tabId, fullPage, ref, maxWidth, maxHeight }, context) {
    if (fullPage === true && ref !== undefined) {
      throw new WebOperatorError("bad_request", "Pass either fullPage or ref, not both: a ref's screenshot is already its own region.");
    }
    const tab = await resolveTab(tabId, context.defaultTabId);
    const subject: ScreenshotSubject =
      ref !== undefined ? { kind: "ref", ref } : fullPage === true ? { kind: "fullPage" } : { kind: "viewport" };
    const { region, geometry } = await screenshotRegion(tab.id, subject);
    const scale = fitScale(region, geometry.devicePixelRatio, maxWidth ?? DEFAULT_MAX_IMAGE_SIDE, maxHeight ?? DEFAULT_MAX_IMAGE_SIDE);
    return { tabId: tab.id, ...(await captureRegion(tab.id, region, scale, geometry)) };
  },
});
