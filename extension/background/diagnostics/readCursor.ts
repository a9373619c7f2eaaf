/** Where the last read of a tab stopped: its newest timestamp and the entries at exactly that time. */
export interface ReadCursor {
  timestamp: number;
  keysAtTimestamp: Set<string>;
}

interface TimedEntry {
  timestamp: number;
}

/**
 * Keeps entries newer than the tab's cursor (replays and live captures may overlap, so
 * entries are also de-duplicated), returns at most `max` of the newest and counts the
 * rest as dropped, and moves the cursor past everything it saw.
 */
export function readSince<T extends TimedEntry>(
  cursors: Map<number, ReadCursor>,
  tabId: number,
  entries: T[],
  max: number,
): { entries: T[]; dropped: number } {
  const cursor = cursors.get(tabId) ?? { timestamp: -Infinity, keysAtTimestamp: new Set<string>() };
  const seen = new Set<string>();
  const fresh = entries
    .filter((entry) => {
      const key = JSON.stringify(entry);
      if (seen.has(key)) return false;
      seen.add(key);
      return entry.timestamp > cursor.timestamp || (entry.timestamp === cursor.timestamp && !cursor.keysAtTimestamp.has(key));
    })
    .sort((a, b) => a.timestamp - b.timestamp);
  const last = fresh[fresh.length - 1];
  if (last !== undefined) {
    const atLast = fresh.filter((entry) => entry.timestamp === last.timestamp).map((entry) => JSON.stringify(entry));
    const keys = last.timestamp === cursor.timestamp ? new Set([...cursor.keysAtTimestamp, ...atLast]) : new Set(atLast);
    cursors.set(tabId, { timestamp: last.timestamp, keysAtTimestamp: keys });
  }
  const kept = fresh.slice(Math.max(0, fresh.length - max));
  return { entries: kept, dropped: fresh.length - kept.length };
}
