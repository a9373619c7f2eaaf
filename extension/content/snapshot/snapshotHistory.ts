import type { RefRegistry } from "../refs/refRegistry.js";

export interface RecordedView {
  snapshotId: string;
  lines: readonly string[];
  /** The view it replaced, so an observation nobody was shown can be taken back. */
  before: RecordedView | null;
}

/**
 * The last whole-page view of each document, kept so an observation after an action can
 * say what changed. Keyed by the document's registry: a new document starts with none.
 */
const lastViews = new WeakMap<RefRegistry, RecordedView>();

export function recordView(registry: RefRegistry, snapshotId: string, lines: readonly string[]): RecordedView | null {
  const previous = lastViews.get(registry) ?? null;
  // Only one step back is ever needed: drop older ones so the chain does not grow.
  lastViews.set(registry, { snapshotId, lines, before: previous === null ? null : { ...previous, before: null } });
  return previous;
}

/** Takes back the view `snapshotId` if it is still the last one: the next diff is against what was there before it. */
export function retractView(registry: RefRegistry, snapshotId: string): void {
  const last = lastViews.get(registry);
  if (last?.snapshotId !== snapshotId) return;
  if (last.before === null) lastViews.delete(registry);
  else lastViews.set(registry, last.before);
}

export function lastView(registry: RefRegistry): RecordedView | null {
  return lastViews.get(registry) ?? null;
}
