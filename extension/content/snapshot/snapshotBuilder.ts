import { WebOperatorError } from "../../../protocol/errors.js";
import type { ContentResult } from "../../../protocol/contentReplies.js";
import type { HopRecorder } from "../../../protocol/hopTrace.js";
import { LayoutCache } from "../dom/layoutCache.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { assignRefs } from "./refAssignment.js";
import { elementRecords } from "./elementRecords.js";
import { TOP_FRAME, distanceFromViewport } from "../../shared/geometry.js";
import { fitToBudget } from "../../shared/snapshotBudget.js";
import { describeView, snapshotHeader } from "../../shared/snapshotHeader.js";
import { renderTree, type RenderedLine } from "../../shared/snapshotLines.js";
import { recordView } from "./snapshotHistory.js";
import type { SnapshotNode } from "./snapshotTree.js";
import { findSubtree, interactiveOnly, inViewportOnly, limitDepth } from "./treeViews.js";
import { walkDocument } from "./treeWalker.js";
import type { Placement } from "./viewportGeometry.js";
import * as dom from "../dom/intrinsics.js";

export interface PageViewOptions {
  maxChars: number;
  mode: "all" | "interactive";
  depth?: number | undefined;
  rootRef?: string | undefined;
  /** Only nodes whose box meets the viewport now, and the ancestors holding them. */
  viewportOnly?: boolean | undefined;
  /** Filled with the shadow roots and frame documents the walk read. */
  roots?: (Document | ShadowRoot)[] | undefined;
  /** A traced call's recorder: the view's steps are marked on it. */
  hops?: HopRecorder | undefined;
}

export interface PageView extends ContentResult<"snapshot"> {
  /** The printed tree, refs assigned. */
  nodes: SnapshotNode[];
  /** Every line before the budget cut: what the next observation diffs against. */
  lines: string[];
}

/** The "snapshot" op: the page as an indented accessibility tree with refs (docs/commands.md, browser.snapshot). */
export function takeSnapshot(
  registry: RefRegistry,
  maxChars: number,
  elements = false,
  roots?: (Document | ShadowRoot)[],
  hops?: HopRecorder,
): ContentResult<"snapshot"> {
  const view = buildPageView(registry, { maxChars, mode: "all", roots, hops });
  if (!elements) return snapshotResult(view);
  return {
    ...snapshotResult(view),
    elements: elementRecords(view.nodes),
    viewport: { width: window.innerWidth, height: window.innerHeight },
  };
}

/** The wire fields of a view, without the tree and lines kept for the engine. */
export function snapshotResult(view: PageView): ContentResult<"snapshot"> {
  const { snapshotId, url, title, text, refCount, truncated, loading } = view;
  return { snapshotId, url, title, text, refCount, truncated, loading };
}

/**
 * One engine for browser.snapshot, read_page and observations: walk the whole page, narrow
 * it to the requested view, give the printed interactive nodes refs, then fit the budget.
 */
export function buildPageView(registry: RefRegistry, options: PageViewOptions): PageView {
  const root = options.rootRef === undefined ? null : registry.resolve(options.rootRef);
  const snapshotId = registry.beginSnapshot();
  const layout = new LayoutCache();
  const { hops } = options;
  if (hops !== undefined) {
    // Traced only: the style and layout the walk would force on its first read, paid here so they show apart.
    const root = dom.documentElement(document);
    if (root !== null) dom.getBoundingClientRect(root);
    hops.mark("page: style and layout");
  }
  const walked = walkDocument(document, {
    layout,
    frameChain: [],
    frameTransform: TOP_FRAME,
    suppressText: false,
    counter: { interactive: 0 },
    roots: options.roots,
    hops,
  });
  // An empty tree is a failure the caller can act on (wait, reload), not a success it would read as a blank page.
  if (walked.length === 0) {
    throw new WebOperatorError(
      "empty_snapshot",
      "The page has no visible content in its DOM (still loading, or drawn on a canvas); wait and call browser.snapshot again, or use browser.screenshot.",
    );
  }
  hops?.mark("page: walk (roles, names, visibility, text)");
  let nodes: SnapshotNode[] = walked;
  if (root !== null) {
    const subtree = findSubtree(walked, root.element);
    if (subtree === null) {
      throw new WebOperatorError(
        "not_found",
        `The element of ref ${root.ref} is not rendered now (hidden or collapsed); call browser.read_page without ref.`,
      );
    }
    nodes = [subtree];
  }
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const offViewport = (placement: Placement): number =>
    placement === null ? Infinity : distanceFromViewport(layout.rect(placement.anchor), placement.frame, viewport);
  if (options.viewportOnly === true) nodes = inViewportOnly(nodes, (placement) => offViewport(placement) === 0);
  if (options.mode === "interactive") nodes = interactiveOnly(nodes);
  if (options.depth !== undefined) nodes = limitDepth(nodes, options.depth);
  const refCount = assignRefs(nodes, registry, (element) => layout.rect(element));
  hops?.mark("page: refs");
  const rendered = renderTree(nodes);
  const lines = rendered.map((line) => line.text);
  const isWholePage = root === null && options.mode === "all" && options.depth === undefined && options.viewportOnly !== true;
  if (isWholePage) recordView(registry, snapshotId, lines);

  const url = location.href;
  const header = snapshotHeader(snapshotId, url, dom.documentTitle(document), describeView(options, root?.ref));
  const measure = ({ placement }: RenderedLine<Placement>): number => (placement === undefined ? Infinity : offViewport(placement));
  const { body, truncated, droppedInteractive } =
    rendered.length === 0
      ? { body: '- … no interactive elements here (mode "all" shows the text)', truncated: false, droppedInteractive: 0 }
      : fitToBudget(rendered, Math.max(0, options.maxChars - header.text.length), measure);
  hops?.mark("page: render and budget");
  // The DOM as it is now; subresources (and content scripts build on them) may still come.
  const loading = dom.readyState(document) !== "complete";
  return {
    snapshotId,
    url,
    title: header.title,
    text: header.text + body.trimEnd(),
    refCount: refCount - droppedInteractive,
    truncated,
    loading,
    nodes,
    lines,
  };
}
