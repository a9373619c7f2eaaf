import { WebOperatorError } from "../../../protocol/index.js";
import { debuggerSession } from "../debuggerSession.js";
import { pngDimensions } from "../pngDimensions.js";
import { withoutHighlight } from "../visualization/actionOverlay.js";
import type { PageGeometry } from "./layoutMetrics.js";

/** A region in top-frame viewport CSS px. */
export interface ViewportRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CapturedImage {
  mimeType: "image/png";
  data: string;
  width: number;
  height: number;
  scale: number;
  clip: ViewportRegion;
  viewport: { width: number; height: number };
}

/**
 * Captures a region as PNG with `imageScale` image pixels per CSS pixel. CDP clips are in
 * document coordinates and its clip.scale multiplies the device pixel ratio, so both are
 * converted here. The reported scale is checked against the PNG's size, so the agent's
 * mapping back to viewport pixels holds even where the device pixel ratio was misjudged.
 */
export async function captureRegion(
  tabId: number,
  region: ViewportRegion,
  imageScale: number,
  geometry: PageGeometry,
): Promise<CapturedImage> {
  const beyondViewport =
    region.x < 0 || region.y < 0 || region.x + region.width > geometry.viewportWidth || region.y + region.height > geometry.viewportHeight;
  // Our action highlight is never in the image (actionOverlay.ts).
  const { data } = await withoutHighlight(tabId, () =>
    debuggerSession.send(tabId, "Page.captureScreenshot", {
      format: "png",
      captureBeyondViewport: beyondViewport,
      clip: {
        x: region.x + geometry.scrollX,
        y: region.y + geometry.scrollY,
        width: region.width,
        height: region.height,
        scale: imageScale / geometry.devicePixelRatio,
      },
    }),
  );
  const size = pngDimensions(data);
  if (!size) throw new WebOperatorError("internal_error", "The browser returned a screenshot that is not a PNG.");
  return {
    mimeType: "image/png",
    data,
    ...size,
    scale: reportedScale(size, region, imageScale),
    clip: region,
    viewport: { width: geometry.viewportWidth, height: geometry.viewportHeight },
  };
}

/** The requested scale when the PNG has the size it implies (to a rounded pixel), else what the PNG measures. */
function reportedScale(size: { width: number; height: number }, region: ViewportRegion, requested: number): number {
  const matches = Math.abs(size.width - region.width * requested) <= 1 && Math.abs(size.height - region.height * requested) <= 1;
  return matches ? requested : size.width / region.width;
}

/** The largest scale up to `preferred` at which the region's image fits the bounds. */
export function fitScale(region: ViewportRegion, preferred: number, maxWidth: number, maxHeight: number): number {
  return Math.min(preferred, maxWidth / region.width, maxHeight / region.height);
}
