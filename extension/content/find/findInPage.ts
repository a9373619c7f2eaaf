import { WebOperatorError } from "../../../protocol/errors.js";
import type { ContentResult } from "../../../protocol/contentReplies.js";
import { LayoutCache } from "../dom/layoutCache.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import { quotePageString } from "../../shared/pageStrings.js";
import { assignRefs } from "../snapshot/refAssignment.js";
import { renderTree } from "../../shared/snapshotLines.js";
import { walkDocument } from "../snapshot/treeWalker.js";
import { TOP_FRAME } from "../../shared/geometry.js";
import { keepMatches, type MatchQuery } from "./matchTree.js";
import { rankByWords } from "./wordOverlap.js";
import type { ElementNode, SnapshotNode } from "../snapshot/snapshotTree.js";
import * as dom from "../dom/intrinsics.js";

interface FindRequest {
  query: string;
  role?: string | undefined;
  match?: "text" | "words" | undefined;
  limit: number;
}

/**
 * The "find" op: nodes whose role, name or text match, printed in snapshot format under
 * their landmark context, with refs that click like any snapshot's. Zero matches is an
 * answer, not an error.
 */
export function findInPage(registry: RefRegistry, request: FindRequest): ContentResult<"find"> {
  const snapshotId = registry.beginSnapshot();
  const walked = walkDocument(document, {
    layout: new LayoutCache(),
    frameChain: [],
    frameTransform: TOP_FRAME,
    suppressText: false,
    counter: { interactive: 0 },
  });
  if (walked.length === 0) {
    throw new WebOperatorError(
      "empty_snapshot",
      "The page has no visible content to search yet; wait and retry, or use browser.screenshot.",
    );
  }
  if (request.match === "words") return findByWords(registry, request, walked, snapshotId);
  const query: MatchQuery = { text: request.query.toLowerCase(), role: request.role?.toLowerCase() };
  const counter = { total: 0, printed: 0, limit: request.limit };
  const kept = keepMatches(walked, query, counter);
  assignRefs(kept, registry);
  const lines = renderTree(kept).map((line) => line.text);
  const roleNote = query.role === undefined ? "" : ` with role ${quotePageString(query.role, 40)}`;
  const head = `# Find ${quotePageString(request.query, 200)}${roleNote}: ${counter.total} ${counter.total === 1 ? "match" : "matches"} (${snapshotId})\nURL: ${location.href.replace(/\[/g, "%5B").replace(/\]/g, "%5D")}\n\n`;
  const more = counter.total - counter.printed;
  const tail =
    counter.total === 0
      ? ["- … no element or text matches; try a shorter query, or browser.read_page"]
      : more > 0
        ? [`- … ${more} more matches not shown; narrow the query or add a role`]
        : [];
  return { snapshotId, url: location.href, text: head + [...lines, ...tail].join("\n"), matchCount: counter.total, truncated: more > 0 };
}

/** The "words" match: a description's best elements first, one flat line each. */
function findByWords(registry: RefRegistry, request: FindRequest, walked: SnapshotNode[], snapshotId: string): ContentResult<"find"> {
  const ranked = rankByWords(walked, request.query, labelOf, request.role?.toLowerCase());
  const kept = ranked.slice(0, request.limit).map(({ node }) => ({ ...node, children: loneText(node) }));
  assignRefs(kept, registry);
  const lines = renderTree(kept).map((line) => line.text);
  const more = ranked.length - kept.length;
  const head = `# Find ${quotePageString(request.query, 200)}: ${ranked.length} ${ranked.length === 1 ? "match" : "matches"}, best first (${snapshotId})\nURL: ${location.href.replace(/\[/g, "%5B").replace(/\]/g, "%5D")}\n\n`;
  const tail =
    ranked.length === 0
      ? ["- … no element carries these words; try other words, or browser.read_page"]
      : more > 0
        ? [`- … ${more} weaker matches not shown`]
        : [];
  return { snapshotId, url: location.href, text: head + [...lines, ...tail].join("\n"), matchCount: ranked.length, truncated: more > 0 };
}

/** A found element prints alone, with its text inline when that is all it holds (`- listitem: Apples`). */
function loneText(node: ElementNode): SnapshotNode[] {
  const [only] = node.children;
  return node.children.length === 1 && only?.kind === "text" ? [only] : [];
}

/** What describes a control besides its accessible name: placeholder, title, alt. */
function labelOf(node: ElementNode): string {
  return ["placeholder", "title", "alt", "aria-description"].map((name) => dom.getAttribute(node.element, name) ?? "").join(" ");
}
