/** What the MAIN-world recorder saw, as the isolated world keeps it (recordReceiver.iife.ts). */
export interface PageRecord {
  /** Hosts of closed shadow roots the page attached. */
  closedHosts: WeakSet<Element>;
  /** Elements the page gave click, pointer, mouse or key listeners. */
  listenerTargets: WeakSet<Element>;
}

export const PAGE_RECORD_KEY = Symbol.for("wo\u2060.content.pageRecord");

/** The record of this document, or null where the recorder did not run (a tab older than the extension). */
export function pageRecord(): PageRecord | null {
  const value: unknown = (globalThis as Record<symbol, unknown>)[PAGE_RECORD_KEY];
  return typeof value === "object" && value !== null ? (value as PageRecord) : null;
}

export function hasRecordedListener(element: Element): boolean {
  return pageRecord()?.listenerTargets.has(element) === true;
}
