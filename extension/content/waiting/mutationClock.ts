/**
 * When the page's DOM last changed, watched from before a write dispatches: the settle's
 * first window counts from the dispatch, so a change the page made before the dom_quiet op
 * reached this script must still count. A passive observer that only stores a time; it
 * stops by itself, so a page nobody acts on pays nothing for it.
 */
const WATCH_FOR_MS = 10_000;

let observer: MutationObserver | null = null;
/** Epoch ms (Date.now, the service worker's clock too) since which every change is known. */
let watchingSince = Number.POSITIVE_INFINITY;
let lastChangeAt = Number.NEGATIVE_INFINITY;
let expiry: ReturnType<typeof setTimeout> | undefined;

/** Starts (or prolongs) the watch; called before any write's input reaches the page. */
export function watchMutations(): void {
  if (observer === null) {
    observer = new MutationObserver(note);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    watchingSince = Date.now();
  }
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

function note(records: MutationRecord[]): void {
  if (records.some((record) => !isHighlightRecord(record))) lastChangeAt = Date.now();
}

function stop(): void {
  observer?.disconnect();
  observer = null;
  watchingSince = Number.POSITIVE_INFINITY;
  lastChangeAt = Number.NEGATIVE_INFINITY;
}

/** Our own action highlight comes and goes; it is not the page changing. */
export function isHighlightRecord(record: MutationRecord): boolean {
  const nodes = [...record.addedNodes, ...record.removedNodes];
  return record.type === "childList" && nodes.length > 0 && nodes.every((node) => node.nodeName === "WEBOPERATOR-HIGHLIGHT");
}
