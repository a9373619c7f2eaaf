import type { RenderedLine } from "./snapshotLines.js";

export interface BudgetedText {
  body: string;
  truncated: boolean;
  /** Interactive lines left out (all offscreen): their refs are not in the body. */
  droppedInteractive: number;
}

/**
 * How far a line is from the viewport: 0 on screen, Infinity for no box. `null` when the
 * engine has no layout (the CDP engine): then non-interactive lines count as offscreen and
 * interactive ones as on screen, since which of them the agent can see is unknown.
 */
export type LineDistance<P> = ((line: RenderedLine<P>) => number) | null;

/**
 * Fits the tree into maxChars, the agent's token budget. A line goes only once none of its
 * children remain, so every kept ref keeps its context. Order of sacrifice, farthest from
 * the viewport first: offscreen text, other offscreen non-interactive lines, offscreen
 * interactive lines, then on-screen non-interactive lines. Interactive lines in the
 * viewport are never dropped: only they can hold the result over budget, and it says so.
 * Each phase walks the lines once per tree level, so the work is bounded by size × depth.
 */
export function fitToBudget<P>(lines: ReadonlyArray<RenderedLine<P>>, maxChars: number, measure: LineDistance<P>): BudgetedText {
  let total = lines.reduce((sum, line) => sum + line.text.length + 1, 0);
  if (total <= maxChars) return { body: joinLines(lines, null), truncated: false, droppedInteractive: 0 };
  // Lines are measured only when a phase needs their distance: most pages fit once offscreen text goes, and a box read is dear.
  const distances = new Float64Array(lines.length).fill(Number.NaN);
  const distance = (index: number): number => {
    let known = distances[index] ?? Number.NaN;
    if (Number.isNaN(known)) {
      const line = lines[index] as RenderedLine<P>;
      known = measure === null ? (line.interactive ? 0 : Infinity) : measure(line);
      distances[index] = known;
    }
    return known;
  };

  const kept = lines.map(() => true);
  const keptChildren = lines.map(() => 0);
  for (const line of lines) if (line.parent >= 0) keptChildren[line.parent] = (keptChildren[line.parent] ?? 0) + 1;
  const omitted: Omitted = { offscreenText: 0, other: 0, offscreenInteractive: 0 };
  const limit = maxChars - noticeReserve(lines, measure !== null);

  const dropWhere = (kind: (line: RenderedLine<P>) => boolean, offscreenOnly: boolean, count: (line: RenderedLine<P>) => void): void => {
    if (total <= limit) return;
    const candidates: number[] = [];
    lines.forEach((line, index) => {
      if (kind(line) && (!offscreenOnly || distance(index) > 0)) candidates.push(index);
    });
    candidates.sort((a, b) => distance(b) - distance(a) || (lines[b]?.depth ?? 0) - (lines[a]?.depth ?? 0) || b - a);
    let progress = true;
    while (progress && total > limit) {
      progress = false;
      for (const index of candidates) {
        if (total <= limit) return;
        const line = lines[index] as RenderedLine<P>;
        if (!kept[index] || (keptChildren[index] ?? 0) > 0) continue;
        kept[index] = false;
        total -= line.text.length + 1;
        if (line.parent >= 0) keptChildren[line.parent] = (keptChildren[line.parent] ?? 1) - 1;
        count(line);
        progress = true;
      }
    }
  };

  dropWhere(
    (line) => line.isText,
    true,
    () => (omitted.offscreenText += 1),
  );
  dropWhere(
    (line) => !line.interactive,
    true,
    () => (omitted.other += 1),
  );
  // Wrappers emptied by dropping their targets go in the same pass, so no bare "- listitem" remains.
  dropWhere(
    () => true,
    true,
    (line) => (line.interactive ? (omitted.offscreenInteractive += 1) : (omitted.other += 1)),
  );
  dropWhere(
    (line) => !line.interactive,
    false,
    () => (omitted.other += 1),
  );
  const notice = omissionNotice(omitted, { overBudget: total > limit, layoutKnown: measure !== null });
  return { body: joinLines(lines, kept) + notice, truncated: true, droppedInteractive: omitted.offscreenInteractive };
}

/**
 * Room kept for the omission notice: the longest one this tree could get (every count at
 * its largest, the over-budget clause), so the result stays within maxChars when it can.
 */
export function noticeReserve<P>(lines: ReadonlyArray<RenderedLine<P>>, layoutKnown: boolean): number {
  const most = lines.length;
  const offscreenInteractive = layoutKnown && lines.some((line) => line.interactive) ? most : 0;
  return omissionNotice({ offscreenText: most, other: most, offscreenInteractive }, { overBudget: true, layoutKnown }).length;
}

function joinLines<P>(lines: ReadonlyArray<RenderedLine<P>>, kept: readonly boolean[] | null): string {
  let body = "";
  lines.forEach((line, index) => {
    if (kept === null || kept[index] === true) body += `${line.text}\n`;
  });
  return body;
}

interface Omitted {
  offscreenText: number;
  other: number;
  offscreenInteractive: number;
}

function omissionNotice(omitted: Omitted, { overBudget, layoutKnown }: { overBudget: boolean; layoutKnown: boolean }): string {
  const parts: string[] = [];
  // Without layout nothing is known to be offscreen; the notice does not claim it.
  if (omitted.offscreenText > 0) parts.push(`${omitted.offscreenText} ${layoutKnown ? "offscreen " : ""}text nodes`);
  if (omitted.other > 0) parts.push(`${omitted.other} other non-interactive nodes`);
  if (omitted.offscreenInteractive > 0) parts.push(`${omitted.offscreenInteractive} offscreen interactive elements`);
  let notice =
    parts.length === 0 ? "- … nothing could be omitted" : `- … ${parts.join(" and ")} omitted (use browser.extract for full text)`;
  if (omitted.offscreenInteractive > 0) {
    notice +=
      "; reach offscreen elements with browser.find_in_page, browser.read_page with the ref of a section, or browser.scroll and a new snapshot";
  }
  if (!overBudget) return `${notice}\n`;
  return `${notice}; the interactive elements ${layoutKnown ? "in the viewport " : ""}alone exceed maxChars and are all kept\n`;
}
