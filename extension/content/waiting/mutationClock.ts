import type { PageActivity } from "../../../protocol/content/pageShapes.js";
import { focusMoveSinceWatch, formStateChangedAfter, startStateWatch, stopStateWatch } from "./pageStateEvents.js";
import { shadowRootOf } from "../dom/shadowRoot.js";
import * as dom from "../dom/intrinsics.js";

/**
 * When the page's DOM last changed, watched from before a write dispatches: the settle's
 * first window counts from the dispatch, so a change the page made before the dom_quiet op
 * reached this script must still count. A passive observer that only stores a time; it
 * stops by itself, so a page nobody acts on pays nothing for it.
 */
const WATCH_FOR_MS = 10_000;

let observer: MutationObserver | null = null;
/**
 * The roots watched besides this document, which a subtree observer does not reach: the
 * same-origin frame and the shadow roots a write's target lives in, and its own shadow root.
 */
let watchedRoots = new Set<Document | ShadowRoot>();
/** Epoch ms (Date.now, the service worker's clock too) since which every change is known. */
let watchingSince = Number.POSITIVE_INFINITY;
let lastChangeAt = Number.NEGATIVE_INFINITY;
let expiry: ReturnType<typeof setTimeout> | undefined;

const OBSERVED: MutationObserverInit = { subtree: true, childList: true, attributes: true, characterData: true };

/**
 * Starts (or prolongs) the watch; called before any write's input reaches the page.
 * `target`: the element the write acts on, whose frame and shadow roots are watched too.
 */
export function watchMutations(target?: Element): void {
  if (observer === null) {
    observer = new MutationObserver(note);
    observer.observe(document, OBSERVED);
    watchingSince = Date.now();
  }
  for (const root of target === undefined ? [] : rootsAround(target)) {
    if (root === document || watchedRoots.has(root)) continue;
    watchedRoots.add(root);
    observer.observe(root, OBSERVED);
  }
  startStateWatch([document, ...watchedRoots]);
  clearTimeout(expiry);
  expiry = setTimeout(stop, WATCH_FOR_MS);
}

/**
 * The instant a dispatch counts as done: what it changed until now is stamped first, so it
 * is part of the dispatch and not the page moving on.
 */
export function markDispatched(): number {
  if (observer !== null) note(observer.takeRecords());
  return Date.now();
}

/**
 * The last page change after `after` (epoch ms), or null if none; undefined when the watch
 * did not run since then, so nothing can be said about that time.
 */
export function lastChangeAfter(after: number): number | null | undefined {
  if (observer === null || watchingSince > after) return undefined;
  // Records queued but not yet delivered are changes too: they count as happening now.
  note(observer.takeRecords());
  return lastChangeAt > after ? lastChangeAt : null;
}

function rootsAround(target: Element): Array<Document | ShadowRoot> {
  const own = shadowRootOf(target);
  const roots: Array<Document | ShadowRoot> = own === null ? [] : [own];
  // By nodeType: a same-origin frame's nodes belong to another realm, where instanceof fails.
  let root = dom.getRootNode(target);
  for (let depth = 0; depth < 32 && dom.nodeType(root) === Node.DOCUMENT_FRAGMENT_NODE; depth++) {
    roots.push(root as ShadowRoot);
    root = dom.getRootNode((root as ShadowRoot).host);
  }
  if (dom.nodeType(root) === Node.DOCUMENT_NODE) roots.push(root as Document);
  return roots;
}

/**
 * What the page did after `after` (epoch ms): a DOM or form-state change, and where the focus
 * went since the watch began. Undefined when the watch did not cover that time.
 */
export function pageActivityAfter(after: number): PageActivity | undefined {
  const changedAt = lastChangeAfter(after);
  if (changedAt === undefined) return undefined;
  return { changed: changedAt !== null || formStateChangedAfter(after), focus: focusMoveSinceWatch() };
}

function note(records: MutationRecord[]): void {
  if (records.length > 0) lastChangeAt = Date.now();
}

function stop(): void {
  observer?.disconnect();
  observer = null;
  watchedRoots = new Set();
  stopStateWatch();
  watchingSince = Number.POSITIVE_INFINITY;
  lastChangeAt = Number.NEGATIVE_INFINITY;
}
