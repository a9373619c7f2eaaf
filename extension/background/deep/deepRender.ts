import type { DeepNode } from "./deepTree.js";
import { truncate } from "./axStates.js";

/** Longest text line; the rest is one browser.extract away (as in DOM snapshots). */
const MAX_TEXT_LINE_CHARS = 500;
const NOTICE_RESERVE = 110;

export interface DeepLine {
  text: string;
  /** Index of the enclosing line, -1 at top level. */
  parent: number;
  interactive: boolean;
  isText: boolean;
}

/** Renders the tree in the DOM snapshot's line format: `- role "name" [states] [ref=...]`. */
export function renderDeepTree(nodes: readonly DeepNode[]): DeepLine[] {
  const lines: DeepLine[] = [];
  for (const node of nodes) renderNode(node, 0, -1, lines);
  return lines;
}

function renderNode(node: DeepNode, depth: number, parent: number, lines: DeepLine[]): void {
  const indent = "  ".repeat(depth);
  if (node.kind === "text") {
    lines.push({ text: `${indent}- text: ${truncate(node.text, MAX_TEXT_LINE_CHARS)}`, parent, interactive: false, isText: true });
    return;
  }
  const [onlyChild] = node.children;
  const inlineText = node.name === "" && node.children.length === 1 && onlyChild?.kind === "text" ? onlyChild.text : null;
  let label = node.role;
  if (node.name !== "") label += ` ${JSON.stringify(truncate(node.name))}`;
  for (const state of node.states) label += ` ${state}`;
  if (node.listenerTypes && node.ref !== undefined) label += ` [listener=${node.listenerTypes.join(",")}]`;
  if (node.ref !== undefined) label += ` [ref=${node.ref}]`;
  const index = lines.length;
  const suffix = inlineText === null ? "" : `: ${truncate(inlineText, MAX_TEXT_LINE_CHARS)}`;
  lines.push({ text: `${indent}- ${label}${suffix}`, parent, interactive: node.ref !== undefined, isText: false });
  if (inlineText !== null) return;
  for (const child of node.children) renderNode(child, depth + 1, index, lines);
}

/**
 * Fits lines into maxChars: text goes first (from the bottom, as there is no layout to say
 * what is offscreen), then other non-interactive lines; refs and their ancestors stay.
 */
export function fitDeepLines(lines: readonly DeepLine[], maxChars: number): { body: string; truncated: boolean } {
  const kept = lines.map(() => true);
  let size = lines.reduce((total, line) => total + line.text.length + 1, 0);
  if (size <= maxChars) return { body: lines.map((line) => line.text).join("\n"), truncated: false };
  // Room for the omission notice, so the whole text stays within maxChars when it can.
  const limit = maxChars - NOTICE_RESERVE;
  const needed = lines.map(() => false);
  lines.forEach((line, index) => {
    if (!line.interactive) return;
    for (let at = index; at !== -1 && !needed[at]; at = lines[at]?.parent ?? -1) needed[at] = true;
  });
  const omitted = { text: 0, other: 0 };
  const dropWhere = (test: (line: DeepLine) => boolean, count: () => void): void => {
    for (let index = lines.length - 1; index >= 0 && size > limit; index--) {
      const line = lines[index];
      if (!line || !kept[index] || needed[index] || !test(line)) continue;
      kept[index] = false;
      size -= line.text.length + 1;
      count();
    }
  };
  dropWhere((line) => line.isText, () => (omitted.text += 1));
  dropWhere(() => true, () => (omitted.other += 1));
  const parts = [omitted.text > 0 ? `${omitted.text} text nodes` : "", omitted.other > 0 ? `${omitted.other} other non-interactive nodes` : ""].filter(Boolean);
  const notice = parts.length === 0 ? "- … nothing could be omitted" : `- … ${parts.join(" and ")} omitted (use browser.extract for full text)`;
  return { body: `${lines.filter((_line, index) => kept[index]).map((line) => line.text).join("\n")}\n${notice}`, truncated: true };
}
