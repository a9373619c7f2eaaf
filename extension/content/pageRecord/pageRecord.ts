/** What the MAIN-world recorder saw, as the isolated world keeps it (recordReceiver.iife.ts). */
export interface PageRecord {
  /** Hosts of closed shadow roots the page attached. */
  closedHosts: WeakSet<Element>;
  /** Handler types (a mask, handlerTypes.ts) of the listeners the page added to each element. */
  listenerTypes: WeakMap<Element, number>;
  /** Handler types frameworks keep for each element, as of the last scan. */
  readonly frameworkTypes: WeakMap<Element, number>;
  /** Counts every record that arrived (a listener, a closed root, a framework handler change): a snapshot cache keys on it. */
  readonly changes: number;
  /**
   * Whether a main-world dialog recorder of this tab signalled a recorded dialog since the last
   * snapshot took it (dialogSignal.ts). Heard from document_start, before any page script ran,
   * however late the content script's module loads.
   */
  dialogSignalled: boolean;
  /** Reads the frameworks' bookkeeping in the MAIN world now, synchronously; brings frameworkTypes up to date. */
  scanFrameworks(): void;
}

export const PAGE_RECORD_KEY = Symbol.for("wo\u2060.content.pageRecord");

/** The record of this document, or null where the recorder did not run (a tab older than the extension). */
export function pageRecord(): PageRecord | null {
  const value: unknown = (globalThis as Record<symbol, unknown>)[PAGE_RECORD_KEY];
  return typeof value === "object" && value !== null ? (value as PageRecord) : null;
}

/** The handler types, as a mask, that listeners or a framework give `element`; 0 for none. */
export function recordedHandlerTypes(element: Element): number {
  const record = pageRecord();
  if (record === null) return 0;
  return (record.listenerTypes.get(element) ?? 0) | (record.frameworkTypes.get(element) ?? 0);
}

export function hasRecordedListener(element: Element): boolean {
  return recordedHandlerTypes(element) !== 0;
}

/** How many records have arrived so far; -1 where the recorder did not run. */
export function pageRecordChanges(): number {
  return pageRecord()?.changes ?? -1;
}

/** Renews what the frameworks' handlers are: before a walk, since apps re-render between snapshots. */
export function scanFrameworkHandlers(): void {
  pageRecord()?.scanFrameworks();
}
