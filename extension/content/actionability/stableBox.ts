import { WebOperatorError } from "../../../protocol/index.js";

const SAMPLE_GAP_MS = 20;
const MAX_SAMPLES = 10;
/** Two equal intervals in a row: one can be fooled by motion that turns around between samples. */
const EQUAL_INTERVALS_NEEDED = 2;

/**
 * Waits until the element's box stops moving between samples.
 */
export async function waitForStableBox(element: Element, described: string): Promise<DOMRect> {
  let previous = element.getBoundingClientRect();
  let equalIntervals = 0;
  for (let sample = 0; sample < MAX_SAMPLES; sample++) {
    await nextSample();
    const current = element.getBoundingClientRect();
    equalIntervals = sameBox(previous, current) ? equalIntervals + 1 : 0;
    if (equalIntervals >= EQUAL_INTERVALS_NEEDED) return current;
    previous = current;
  }
  throw new WebOperatorError(
    "not_actionable",
    `${described} keeps moving (animating); wait for the page to settle (browser.wait_for) and retry.`,
  );
}

/** One animation frame while the page is visible (as Playwright samples); timers for a background tab, which gets no frames. */
function nextSample(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === "visible") requestAnimationFrame(() => resolve());
    else setTimeout(resolve, SAMPLE_GAP_MS);
  });
}

function sameBox(a: DOMRect, b: DOMRect): boolean {
  return Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5 && Math.abs(a.width - b.width) < 0.5 && Math.abs(a.height - b.height) < 0.5;
}
