import { OBSERVATION_MAX_DIFF_LINES, OBSERVATION_MAX_REFS } from "../../../protocol/constants.js";
import type { Observation } from "../../../protocol/content/pageShapes.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { truncateText } from "../dom/textNormalize.js";
import { buildPageView } from "./snapshotBuilder.js";
import { lastView, retractView } from "./snapshotHistory.js";
import { diffLines } from "./lineDiff.js";
import { elementNodes } from "./treeViews.js";

/**
 * The "observe" op: after an action, a small snapshot, what changed since the
 * last whole-page view of this document, and the interactive refs now on the page.
 */
export function observe(registry: RefRegistry, maxChars: number, retract?: string): Observation {
  if (retract !== undefined) retractView(registry, retract);
  const previous = lastView(registry);
  const view = buildPageView(registry, { maxChars, mode: "all" });
  const diff = previous === null ? null : diffLines(previous.lines, view.lines, OBSERVATION_MAX_DIFF_LINES);
  const diffText = diff === null ? "" : [...diff.lines, ...(diff.omitted > 0 ? [`… ${diff.omitted} more changed lines`] : [])].join("\n");
  const interactiveRefs: Observation["interactiveRefs"] = [];
  let interactiveCount = 0;
  for (const node of elementNodes(view.nodes)) {
    if (node.ref === undefined) continue;
    interactiveCount += 1;
    if (interactiveRefs.length < OBSERVATION_MAX_REFS)
      interactiveRefs.push({ ref: node.ref, role: node.role, name: truncateText(node.name) });
  }
  return {
    snapshotId: view.snapshotId,
    previousSnapshotId: previous?.snapshotId ?? null,
    text: view.text,
    diff: diffText,
    interactiveRefs,
    interactiveRefsTruncated: interactiveCount > interactiveRefs.length,
  };
}
