import { WebOperatorError, type ContentResult } from "../../../protocol/index.js";
import { LayoutCache } from "../dom/layoutCache.js";
import { normalizeWhitespace } from "../dom/textNormalize.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { assignRefs } from "./refAssignment.js";
import { fitToBudget } from "./snapshotBudget.js";
import { renderTree } from "./snapshotRender.js";
import { walkDocument } from "./treeWalker.js";
import { TOP_FRAME_OFFSET, distanceFromViewport, type Placement } from "./viewportGeometry.js";

/** The "snapshot" op: the page as an indented accessibility tree with refs (seed L1-L2 §1). */
export function takeSnapshot(registry: RefRegistry, maxChars: number): ContentResult<"snapshot"> {
  const snapshotId = registry.beginSnapshot();
  const layout = new LayoutCache();
  const nodes = walkDocument(document, {
    layout,
    frameChain: [],
    frameOffset: TOP_FRAME_OFFSET,
    suppressText: false,
    counter: { interactive: 0 },
  });
  const refCount = assignRefs(nodes, registry);
  const lines = renderTree(nodes);
  const url = location.href;
  const title = normalizeWhitespace(document.title);
  // DESIGN invariant 2: an empty tree is a failure the caller can act on, not a success.
  if (lines.length === 0) {
    throw new WebOperatorError(
      "empty_snapshot",
      "The page has no visible content in its DOM (still loading, or drawn on a canvas); wait and call browser.snapshot again, or use browser.screenshot.",
    );
  }
  const header = `# Page Snapshot (${snapshotId})\nURL: ${url}\nTitle: ${title}\n\n`;
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const measure = (placement: Placement): number =>
    placement === null ? Infinity : distanceFromViewport(layout.rect(placement.anchor), placement.offset, viewport);
  const { body, truncated } = fitToBudget(lines, Math.max(0, maxChars - header.length), measure);
  return { snapshotId, url, title, text: header + body.trimEnd(), refCount, truncated };
}
