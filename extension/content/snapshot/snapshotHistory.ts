import type { RefRegistry } from "../refs/refRegistry.js";

export interface RecordedView {
  snapshotId: string;
  lines: readonly string[];
}

/**
 * The last whole-page view of each document, kept so an observation after an action can
 * say what changed. Keyed by the document's registry: a new document starts with none.
 */
const lastViews = new WeakMap<RefRegistry, RecordedView>();

export function recordView(registry: RefRegistry, snapshotId: string, lines: readonly string[]): RecordedView | null {
  const previous = lastViews.get(registry) ?? null;
  lastViews.set(registry, { snapshotId, lines });
  return previous;
}

export function lastView(registry: RefRegistry): RecordedView | null {
  return lastViews.get(registry) ?? null;
}
