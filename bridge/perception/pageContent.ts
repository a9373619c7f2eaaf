/**
 * page_content is the snapshot text with refs swapped for element indexes, so that the
 * same page gives the same text (and state_hash) on every read: refs carry a snapshot
 * sequence and the header a snapshot id, indexes do not.
 */
const REF_MARKER = /\[ref=([^\]\s]+)\]/g;
/** Page text may spell our index marker; it is defused the way snapshots defuse `[ref=`. */
const INDEX_MARKER = /\[(\s*index\s*)=/gi;
const HEADER_ID = /^# Page Snapshot \([^)\n]*\)/;

export function pageContentOf(snapshotText: string, indexOfRef: ReadonlyMap<string, number>): string {
  return snapshotText
    .replace(HEADER_ID, "# Page Snapshot")
    .replace(INDEX_MARKER, "[$1\\=")
    .replace(REF_MARKER, (_marker, ref: string) => {
      const index = indexOfRef.get(ref);
      // Out of the viewport: not indexed, so nothing to name (the protocol indexes the viewport only).
      return index === undefined ? "" : `[index=${index}]`;
    })
    .replace(/ +$/gm, "");
}
