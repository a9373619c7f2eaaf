import { MAX_TITLE_CHARS, plainPageString } from "./pageStrings.js";

/**
 * The lines above the tree, the same for both engines. The title is page text and goes
 * through the same defusing as every other page string; the URL keeps its meaning with
 * brackets percent-encoded.
 */
export function snapshotHeader(snapshotId: string, url: string, rawTitle: string, view: string | null): { text: string; title: string } {
  const title = plainPageString(rawTitle, MAX_TITLE_CHARS);
  const printedUrl = url.replace(/\[/g, "%5B").replace(/\]/g, "%5D");
  const viewLine = view === null ? "" : `View: ${view}\n`;
  return { text: `# Page Snapshot (${snapshotId})\nURL: ${printedUrl}\nTitle: ${title}\n${viewLine}\n`, title };
}

/** Says what part of the page a read_page shows, so a partial view is never taken for the page. */
export function describeView(
  options: { mode: "all" | "interactive"; depth?: number | undefined; viewportOnly?: boolean | undefined },
  rootRef: string | undefined,
): string | null {
  const parts: string[] = [];
  if (options.viewportOnly === true) parts.push("in the viewport only");
  if (options.mode === "interactive") parts.push("interactive elements only");
  if (rootRef !== undefined) parts.push(`subtree of ${rootRef}`);
  if (options.depth !== undefined) parts.push(`depth ${options.depth}`);
  return parts.length === 0 ? null : parts.join(", ");
}
