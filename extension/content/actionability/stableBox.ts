import { WebOperatorError } from "../../../protocol/errors.js";
import { snapshotBox } from "./snapshotBoxes.js";
import { composedParent } from "../dom/composedTree.js";
import * as dom from "../dom/intrinsics.js";

const SAMPLE_GAP_MS = 20;
/**
 * How long a moving target is waited for: Playwright MCP's action timeout. A modal that
 * slides in (300 ms) or a menu that grows (225 ms) settles well within it; only a box that
 * never stops (a marquee, a spinner) answers not_actionable, as Playwright would.
 */
const STABLE_WAIT_MS = 5_000;
/** Two equal intervals in a row: one can be fooled by motion that turns around between samples. */
const EQUAL_INTERVALS_NEEDED = 2;

/**
 * Waits until the element's box stops moving between samples, and no animation that can
 * move it runs on it or an ancestor (a box can look still while the page scrolls along with
 * it). The box the last snapshot recorded counts as the first sample: when the element is
 * still exactly there and nothing animates it, it has provably not moved, and no frame is
 * waited for. Anything else (scrolled, moved, animated, never snapshotted) takes the frames.
 */
export async function waitForStableBox(element: Element, described: string): Promise<DOMRect> {
  let previous = dom.getBoundingClientRect(element);
  const seen = snapshotBox(element);
  if (seen !== undefined && sameBox(seen, previous) && !isAnimated(element)) return previous;
  let equalIntervals = 0;
  const started = performance.now();
  while (performance.now() - started < STABLE_WAIT_MS) {
    await nextSample();
    const current = dom.getBoundingClientRect(element);
    equalIntervals = sameBox(previous, current) ? equalIntervals + 1 : 0;
    if (equalIntervals >= EQUAL_INTERVALS_NEEDED && !isAnimated(element)) return current;
    previous = current;
  }
  throw new WebOperatorError(
    "not_actionable",
    `${described} kept moving (animating) for ${STABLE_WAIT_MS / 1000} s; wait for the page to settle (browser.wait_for) and retry, or pass force: true to click, click_trusted or hover to skip only this wait (the hit test still checks what the pointer would reach).`,
  );
}

/**
 * A target an animation is still bringing in (a menu growing from scaleY(0), a dialog fading
 * in from zero size) is waited for, within the same bound, until it shows: a person would
 * see it a moment later. One that shows nothing and moves nothing is not waited for.
 */
export async function waitWhileAnimatingIn(element: Element, shown: () => boolean): Promise<void> {
  const started = performance.now();
  while (!shown() && isAnimated(element) && performance.now() - started < STABLE_WAIT_MS) await nextSample();
}

/**
 * A target covered by something that is animating (a list closing after a choice, a toast
 * fading out, a menu folding away) is waited for, within the same bound, until nothing covers
 * it: a person would click a moment later. A cover that stands still is not waited for; it is
 * what `obscured` reports. `cover` answers what covers the target now, or null once clear.
 */
export async function waitWhileCoverAnimates(cover: () => Element | null): Promise<void> {
  const started = performance.now();
  for (let hit = cover(); hit !== null && isAnimated(hit, "any"); hit = cover()) {
    if (performance.now() - started >= STABLE_WAIT_MS) return;
    await nextSample();
  }
}

/** Keyframe members that are not CSS properties, and properties that only paint: neither moves a box. */
const NOT_MOVING = new Set([
  "offset",
  "easing",
  "composite",
  "computedOffset",
  "opacity",
  "color",
  "backgroundColor",
  "borderColor",
  "outlineColor",
  "boxShadow",
  "textShadow",
  "filter",
  "fill",
  "stroke",
  "visibility",
  "textDecorationColor",
  "caretColor",
]);

/**
 * A running CSS animation, transition or Web Animation on the element or any ancestor in the
 * flat tree: one that can move a box, or with "any" one of any property (a cover fading out
 * still takes the click until it is gone). Each element is asked for its own animations, since
 * a document's getAnimations leaves out those in shadow roots (a web component's popup) and
 * slotted content moves with the slot's ancestors.
 */
function isAnimated(element: Element, properties: "moving" | "any" = "moving"): boolean {
  for (let node: Element | null = element; node !== null; node = composedParent(node)) {
    for (const animation of dom.elementAnimations(node)) {
      if (animation.playState !== "running") continue;
      if (properties === "any" || movesBox(animation)) return true;
    }
  }
  return false;
}

function movesBox(animation: Animation): boolean {
  const effect = animation.effect as KeyframeEffect | null;
  if (effect === null || !("getKeyframes" in effect)) return false;
  return effect.getKeyframes().some((keyframe) => Object.keys(keyframe).some((property) => !NOT_MOVING.has(property)));
}

/**
 * The next animation frame (as Playwright samples), or a timer's gap if no frame comes
 * first: a page can say it is visible and still get no frames (a window behind another,
 * on a display that does not composite it), and a background tab gets none at all.
 */
function nextSample(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, SAMPLE_GAP_MS);
    if (dom.visibilityState(document) === "visible") {
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve();
      });
    }
  });
}

function sameBox(a: DOMRectReadOnly, b: DOMRectReadOnly): boolean {
  return Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5 && Math.abs(a.width - b.width) < 0.5 && Math.abs(a.height - b.height) < 0.5;
}
