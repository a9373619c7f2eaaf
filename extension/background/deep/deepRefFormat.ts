/**
 * Deep ref syntax: c{managerNonce}_{tabEpoch}_{generation}_{nodeIndex}.
 * The manager nonce scopes a ref to one service-worker lifetime, the tab epoch to one
 * top-level document of its tab, the generation to the deep read that first issued it.
 */
export interface ParsedDeepRef {
  managerNonce: string;
  tabEpoch: number;
  generation: number;
  index: number;
}

const DEEP_REF_PATTERN = /^c([a-z0-9]{3,12})_(\d{1,9})_(\d{1,9})_(\d{1,9})$/;

export function parseDeepRef(raw: string): ParsedDeepRef | null {
  const trimmed = raw
    .trim()
    .replace(/^@/, "")
    .replace(/^\[?ref=/, "")
    .replace(/\]$/, "");
  const match = DEEP_REF_PATTERN.exec(trimmed);
  if (!match) return null;
  const [, managerNonce, tabEpoch, generation, index] = match;
  if (managerNonce === undefined || tabEpoch === undefined || generation === undefined || index === undefined) return null;
  return { managerNonce, tabEpoch: Number(tabEpoch), generation: Number(generation), index: Number(index) };
}

export function formatDeepRef(ref: ParsedDeepRef): string {
  return `c${ref.managerNonce}_${ref.tabEpoch}_${ref.generation}_${ref.index}`;
}

export function formatDeepSnapshotId(managerNonce: string, tabEpoch: number, generation: number): string {
  return `c${managerNonce}_${tabEpoch}_${generation}`;
}

/** Lets callers route a ref before parsing it: deep refs start with "c", DOM refs with "s". */
export function looksLikeDeepRef(raw: string): boolean {
  return /^@?(\[?ref=)?c/.test(raw.trim());
}
