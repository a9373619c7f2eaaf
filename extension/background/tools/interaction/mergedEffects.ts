import type { ActionEffect, ActionEffects } from "../../../../protocol/index.js";

/** The one word for several actions: the most telling any of them had ("unknown" above "none": one step could not be watched). */
const EFFECT_ORDER: readonly ActionEffect[] = [
  "navigated",
  "new_tab",
  "dialog",
  "download",
  "page_changed",
  "focus",
  "requests",
  "unknown",
  "none",
];

/**
 * Several writes on one page answered as one: what any of them did, the page as the last
 * left it, and one diff from the view before the first to the page after the last.
 */
export function mergedEffects(steps: readonly ActionEffects[]): ActionEffects {
  const last = steps.at(-1);
  if (last === undefined) throw new Error("mergedEffects needs at least one step");
  const effect = EFFECT_ORDER.find((candidate) => steps.some((step) => step.effect === candidate)) ?? last.effect;
  const tabCreated = steps.find((step) => step.tab_created !== undefined)?.tab_created;
  const started = steps.flatMap((step) => step.download_started ?? []);
  const updates = steps.flatMap((step) => step.download_updates ?? []);
  const { details: _details, ...rest } = last;
  return {
    ...rest,
    effect,
    navigated: steps.some((step) => step.navigated),
    dialogs: steps.flatMap((step) => step.dialogs),
    settled: { ...last.settled, waitedMs: steps.reduce((sum, step) => sum + step.settled.waitedMs, 0) },
    observation:
      last.observation === null ? null : { ...last.observation, diff: mergedDiff(steps.map((step) => step.observation?.diff ?? "")) },
    ...(tabCreated === undefined ? {} : { tab_created: tabCreated }),
    ...(started.length > 0 ? { download_started: started } : {}),
    ...(updates.length > 0 ? { download_updates: updates } : {}),
  };
}

/**
 * Consecutive line diffs ("- " removed, "+ " added) as one: a line added by one step and
 * removed by a later one was never there before or after, and so is left out, as is a line
 * removed and then put back. What stays is in the order it was first seen.
 */
export function mergedDiff(diffs: readonly string[]): string {
  // The net change of each line: +1 added, -1 removed; 0 cancels out.
  const net = new Map<string, number>();
  const order: string[] = [];
  for (const diff of diffs) {
    for (const line of diff.split("\n")) {
      const sign = line.startsWith("+ ") ? 1 : line.startsWith("- ") ? -1 : 0;
      if (sign === 0) continue;
      const body = line.slice(2);
      if (!net.has(body)) order.push(body);
      net.set(body, (net.get(body) ?? 0) + sign);
    }
  }
  return order
    .filter((body) => (net.get(body) ?? 0) !== 0)
    .map((body) => `${(net.get(body) ?? 0) > 0 ? "+" : "-"} ${body}`)
    .join("\n");
}
