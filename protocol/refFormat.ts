/**
 * Ref syntax: s{documentNonce}_{snapshotSeq}_{index}, e.g. "sk4m9_3_12". The nonce scopes
 * a ref to one document; the snapshot sequence says in which snapshot it was first issued.
 */
export interface ParsedRef {
  documentNonce: string;
  snapshotSeq: number;
  index: number;
}

const REF_PATTERN = /^s([a-z0-9]{3,12})_(\d{1,9})_(\d{1,9})$/;

export function parseRef(raw: string): ParsedRef | null {
  const trimmed = raw
    .trim()
    .replace(/^@/, "")
    .replace(/^\[?ref=/, "")
    .replace(/\]$/, "");
  const match = REF_PATTERN.exec(trimmed);
  if (!match) return null;
  const [, documentNonce, snapshotSeq, index] = match;
  if (documentNonce === undefined || snapshotSeq === undefined || index === undefined) return null;
  return { documentNonce, snapshotSeq: Number(snapshotSeq), index: Number(index) };
}

export function formatRef(ref: ParsedRef): string {
  return `s${ref.documentNonce}_${ref.snapshotSeq}_${ref.index}`;
}

export function formatSnapshotId(documentNonce: string, snapshotSeq: number): string {
  return `s${documentNonce}_${snapshotSeq}`;
}
