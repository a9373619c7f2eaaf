/**
 * A line diff of two snapshot bodies, printed as "- old" / "+ new" without indentation.
 * Common head and tail are skipped first (an action usually changes a few lines in the
 * middle); the rest is an LCS diff, or a set difference when it would be too costly.
 */
const LCS_CELL_LIMIT = 2_000_000;

export interface LineDiff {
  lines: string[];
  /** Changed lines beyond maxLines, counted but not printed. */
  omitted: number;
}

export function diffLines(before: readonly string[], after: readonly string[], maxLines: number): LineDiff {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail])
    tail++;
  const removed = before.slice(head, before.length - tail);
  const added = after.slice(head, after.length - tail);
  const changes = removed.length * added.length <= LCS_CELL_LIMIT ? lcsChanges(removed, added) : setChanges(removed, added);
  return { lines: changes.slice(0, maxLines), omitted: Math.max(0, changes.length - maxLines) };
}

function lcsChanges(before: readonly string[], after: readonly string[]): string[] {
  const rows = before.length;
  const cols = after.length;
  // lengths[i][j]: LCS of before[i..] and after[j..], flattened.
  const lengths = new Uint32Array((rows + 1) * (cols + 1));
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = cols - 1; j >= 0; j--) {
      lengths[i * (cols + 1) + j] =
        before[i] === after[j]
          ? (lengths[(i + 1) * (cols + 1) + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * (cols + 1) + j] ?? 0, lengths[i * (cols + 1) + j + 1] ?? 0);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < rows || j < cols) {
    if (i < rows && j < cols && before[i] === after[j]) {
      i++;
      j++;
    } else if (i < rows && (j === cols || (lengths[(i + 1) * (cols + 1) + j] ?? 0) >= (lengths[i * (cols + 1) + j + 1] ?? 0))) {
      // Removals first, so a changed line reads "- old" then "+ new".
      out.push(`- ${strip(before[i] ?? "")}`);
      i++;
    } else {
      out.push(`+ ${strip(after[j] ?? "")}`);
      j++;
    }
  }
  return out;
}

function setChanges(before: readonly string[], after: readonly string[]): string[] {
  const old = new Set(before);
  const fresh = new Set(after);
  return [
    ...before.filter((line) => !fresh.has(line)).map((line) => `- ${strip(line)}`),
    ...after.filter((line) => !old.has(line)).map((line) => `+ ${strip(line)}`),
  ];
}

/** `    - button "Pay" [ref=…]` becomes `button "Pay" [ref=…]`. */
function strip(line: string): string {
  return line.replace(/^\s*- /, "");
}
