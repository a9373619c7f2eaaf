import { plainPageString, quotePageString } from "./pageStrings.js";
import type { ElementNode, SnapshotNode } from "./snapshotTree.js";
import type { Placement } from "./viewportGeometry.js";

/** Longest text line; the rest is one browser.extract away. */
const MAX_TEXT_LINE_CHARS = 500;

/** One printed line and what the budget needs to know to drop it safely. */
export interface RenderedLine {
  text: string;
  /** Index of the enclosing line, -1 at top level. */
  parent: number;
  depth: number;
  interactive: boolean;
  isText: boolean;
  placement: Placement;
}

export function renderTree(nodes: readonly SnapshotNode[]): RenderedLine[] {
  const lines: RenderedLine[] = [];
  for (const node of nodes) renderNode(node, 0, -1, lines);
  return lines;
}

function renderNode(node: SnapshotNode, depth: number, parent: number, lines: RenderedLine[]): void {
  const indent = "  ".repeat(depth);
  if (node.kind === "text") {
    lines.push({ text: `${indent}- text: ${plainPageString(node.text, MAX_TEXT_LINE_CHARS)}`, parent, depth, interactive: false, isText: true, placement: node.placement });
    return;
  }
  const [onlyChild] = node.children;
  // `- listitem: Apples` instead of a second line for the lone text child.
  const inlineText = node.name === "" && node.children.length === 1 && onlyChild?.kind === "text" ? onlyChild.text : null;
  const index = lines.length;
  lines.push({
    text: `${indent}- ${elementLabel(node)}${inlineText === null ? "" : `: ${plainPageString(inlineText, MAX_TEXT_LINE_CHARS)}`}`,
    parent,
    depth,
    interactive: node.interactive,
    isText: false,
    placement: node.placement,
  });
  if (inlineText !== null) return;
  for (const child of node.children) renderNode(child, depth + 1, index, lines);
}

function elementLabel(node: ElementNode): string {
  let label = node.role;
  if (node.name !== "") label += ` ${quotePageString(node.name)}`;
  for (const state of node.states) label += ` ${state}`;
  if (node.ref !== undefined) label += ` [ref=${node.ref}]`;
  if (node.elided !== undefined && node.elided > 0) label += ` [+${node.elided} deeper]`;
  return label;
}
