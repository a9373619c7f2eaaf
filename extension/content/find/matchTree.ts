import { printedPart, singleLineKeepingSpaces } from "../../shared/pageStrings.js";
import { CONTEXT_ROLES } from "../snapshot/treeViews.js";
import type { ElementNode, SnapshotNode } from "../snapshot/snapshotTree.js";

export interface MatchQuery {
  /** Lower-cased. */
  text: string;
  role?: string | undefined;
}

export interface MatchCounter {
  total: number;
  printed: number;
  limit: number;
}

/** Longest piece of a matching text run that is printed, centred on the match. */
const SNIPPET_CHARS = 200;

/**
 * Keeps the first `limit` matches in document order and the ancestors that locate them
 * (landmarks, widget containers, and any ancestor with a ref); counts every match.
 * Without a role, elements match on their name and text runs on their text; with one,
 * elements of that role match on their name or their own text.
 */
export function keepMatches(nodes: readonly SnapshotNode[], query: MatchQuery, counter: MatchCounter): SnapshotNode[] {
  const kept: SnapshotNode[] = [];
  for (const node of nodes) {
    if (node.kind === "text") {
      if (query.role !== undefined) continue;
      const at = node.text.toLowerCase().indexOf(query.text);
      if (at < 0) continue;
      counter.total += 1;
      if (counter.printed >= counter.limit) continue;
      counter.printed += 1;
      kept.push({ ...node, text: snippet(node.text, at, query.text.length) });
      continue;
    }
    const selfMatch = elementMatches(node, query);
    let printedSelf = false;
    if (selfMatch) {
      counter.total += 1;
      if (counter.printed < counter.limit) {
        counter.printed += 1;
        printedSelf = true;
      }
    }
    const children = keepMatches(node.children, query, counter);
    if (printedSelf) kept.push({ ...node, children: childrenOfMatch(node, children, query) });
    else if (children.length > 0 && (node.interactive || CONTEXT_ROLES.has(node.role))) kept.push({ ...node, children });
    else kept.push(...children);
  }
  return kept;
}

function elementMatches(node: ElementNode, query: MatchQuery): boolean {
  if (query.role !== undefined) {
    if (node.role !== query.role) return false;
    return ownWords(node).includes(query.text) || ownText(node).toLowerCase().includes(query.text);
  }
  return ownWords(node).includes(query.text);
}

/**
 * What an element says on its own line, lower-cased: its name, and a read-only field's value
 * (page text too) as far as its state prints it; the rest is in its text children, matched there.
 */
function ownWords(node: ElementNode): string {
  const name = node.name.toLowerCase();
  if (node.readOnlyValue === undefined) return name;
  return `${name}\n${printedPart(singleLineKeepingSpaces(node.readOnlyValue)).toLowerCase()}`;
}

/** A matched element shows its own short text (`- listitem: Apples`) and any matches inside it. */
function childrenOfMatch(node: ElementNode, matchedInside: SnapshotNode[], query: MatchQuery): SnapshotNode[] {
  if (query.role === undefined || matchedInside.length > 0) return matchedInside;
  const [only] = node.children;
  return node.children.length === 1 && only?.kind === "text" ? [only] : [];
}

function ownText(node: ElementNode): string {
  return node.children.map((child) => (child.kind === "text" ? child.text : "")).join(" ");
}

function snippet(text: string, at: number, length: number): string {
  if (text.length <= SNIPPET_CHARS) return text;
  const start = Math.max(0, Math.min(at - Math.floor((SNIPPET_CHARS - length) / 2), text.length - SNIPPET_CHARS));
  const end = start + SNIPPET_CHARS;
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}
