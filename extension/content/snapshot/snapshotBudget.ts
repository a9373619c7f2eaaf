import type { RenderedLine } from "./snapshotRender.js";
import type { Placement } from "./viewportGeometry.js";

export interface BudgetedText {
  body: string;
  truncated: boolean;
}

/** Room kept for the omission notice appended when anything is dropped. */
const NOTICE_RESERVE = 120;

/**
 * Fits the tree into maxChars (seed L1-L2 §1.3). Interactive lines are never dropped,
 * and a line goes only once none of its children remain, so every kept ref keeps its
 * context. Order of sacrifice: offscreen text, then other offscreen non-interactive
 * lines, then on-screen non-interactive lines; farthest from the viewport first.
 */
export function fitToBudget(lines: readonly RenderedLine[], maxChars: number, measure: (placement: Placement) => number): BudgetedText {
  let total = lines.reduce((sum, line) => sum + line.text.length + 1, 0);
  if (total <= maxChars) return { body: joinLines(lines, null), truncated: false };
  const distance = lines.map((line) => measure(line.placement));

  const kept = lines.map(() => true);
  const keptChildren = lines.map(() => 0);
  for (const line of lines) if (line.parent >= 0) keptChildren[line.parent] = (keptChildren[line.parent] ?? 0) + 1;
  const omitted = { offscreenText: 0, other: 0 };
  const limit = maxChars - NOTICE_RESERVE;

  const dropWhere = (eligible: (line: RenderedLine, distance: number) => boolean, count: () => void): void => {
    const candidates = lines
      .map((line, index) => ({ line, index, distance: distance[index] ?? Infinity }))
      .filter(({ line, distance }) => !line.interactive && eligible(line, distance))
      .sort((a, b) => b.distance - a.distance || b.line.depth - a.line.depth || b.index - a.index);
    let progress = true;
    while (progress && total > limit) {
      progress = false;
      for (const { line, index } of candidates) {
        if (total <= limit) return;
        if (!kept[index] || (keptChildren[index] ?? 0) > 0) continue;
        kept[index] = false;
        total -= line.text.length + 1;
        if (line.parent >= 0) keptChildren[line.parent] = (keptChildren[line.parent] ?? 1) - 1;
        count();
        progress = true;
      }
    }
  };

  dropWhere((line, distance) => line.isText && distance > 0, () => (omitted.offscreenText += 1));
  dropWhere((_line, distance) => distance > 0, () => (omitted.other += 1));
  dropWhere(() => true, () => (omitted.other += 1));
  return { body: joinLines(lines, kept) + omissionNotice(omitted, total > limit), truncated: true };
}

function joinLines(lines: readonly RenderedLine[], kept: readonly boolean[] | null): string {
  let body = "";
  lines.forEach((line, index) => {
    if (kept === null || kept[index] === true) body += `${line.text}\n`;
  });
  return body;
}

function omissionNotice(omitted: { offscreenText: number; other: number }, overBudget: boolean): string {
  const parts: string[] = [];
  if (omitted.offscreenText > 0) parts.push(`${omitted.offscreenText} offscreen text nodes`);
  if (omitted.other > 0) parts.push(`${omitted.other} other non-interactive nodes`);
  const notice = parts.length === 0 ? "- … nothing could be omitted" : `- … ${parts.join(" and ")} omitted (use browser.extract for full text)`;
  return overBudget ? `${notice}; interactive elements alone exceed maxChars and are all kept\n` : `${notice}\n`;
}
