import type { ElementNode, SnapshotNode } from "./snapshotTree.js";
import type { Placement } from "./viewportGeometry.js";

/**
 * read_page's narrower views of a walked tree: a ref's subtree, what is in the viewport,
 * only the interactive nodes, and a depth limit. Each returns new nodes and leaves the input alone.
 */

/** Ancestors that still say where an interactive node is once everything else is gone. */
export const CONTEXT_ROLES: ReadonlySet<string> = new Set([
  "banner",
  "complementary",
  "contentinfo",
  "form",
  "main",
  "navigation",
  "region",
  "search",
  "dialog",
  "alertdialog",
  "iframe",
  "heading",
  "menu",
  "menubar",
  "tablist",
  "listbox",
  "tree",
  "grid",
  "toolbar",
]);

export function findSubtree(nodes: readonly SnapshotNode[], target: Element): ElementNode | null {
  for (const node of nodes) {
    if (node.kind !== "element") continue;
    if (node.element === target) return node;
    const inside = findSubtree(node.children, target);
    if (inside !== null) return inside;
  }
  return null;
}

/**
 * Interactive nodes under a minimal context: landmark, dialog, frame and widget-container
 * ancestors stay; other wrappers hand their kept children up. A heading stays only when
 * an interactive node follows it before the next heading, so sections without targets vanish.
 */
export function interactiveOnly(nodes: readonly SnapshotNode[]): SnapshotNode[] {
  const kept: ElementNode[] = [];
  for (const node of nodes) {
    if (node.kind !== "element") continue;
    const children = interactiveOnly(node.children);
    if (node.interactive || (children.length > 0 && CONTEXT_ROLES.has(node.role))) kept.push({ ...node, children });
    else if (children.length > 0) kept.push(...(children as ElementNode[]));
    else if (node.role === "heading") kept.push({ ...node, children: [] });
  }
  return kept.filter((node, index) => node.role !== "heading" || node.children.length > 0 || leadsToTarget(kept, index));
}

function leadsToTarget(siblings: readonly ElementNode[], headingIndex: number): boolean {
  const next = siblings[headingIndex + 1];
  return next !== undefined && next.role !== "heading";
}

/**
 * What is in the viewport now: an element stays when its box meets the viewport or a
 * descendant's does, with only those descendants; text stays when its own box meets it, or,
 * having no box of its own, when its element's does. A tall wrapper that meets the viewport
 * keeps its place but loses the children scrolled out of view.
 */
export function inViewportOnly(
  nodes: readonly SnapshotNode[],
  inViewport: (placement: Placement) => boolean,
  parentIn = false,
): SnapshotNode[] {
  const kept: SnapshotNode[] = [];
  for (const node of nodes) {
    if (node.kind === "text") {
      if (node.placement === null ? parentIn : inViewport(node.placement)) kept.push(node);
      continue;
    }
    const own = inViewport(node.placement);
    const children = inViewportOnly(node.children, inViewport, own);
    if (own || children.length > 0) kept.push({ ...node, children });
  }
  return kept;
}

/** Cuts the tree below `depth` levels; a cut node's line says how many nodes it stands for. */
export function limitDepth(nodes: readonly SnapshotNode[], depth: number): SnapshotNode[] {
  return nodes.map((node) => {
    if (node.kind !== "element") return node;
    if (depth <= 1) return node.children.length === 0 ? node : { ...node, children: [], elided: countNodes(node.children) };
    return { ...node, children: limitDepth(node.children, depth - 1) };
  });
}

function countNodes(nodes: readonly SnapshotNode[]): number {
  let count = 0;
  for (const node of nodes) count += 1 + (node.kind === "element" ? countNodes(node.children) : 0);
  return count;
}

/** Every element node in document order, for callers that read the tree as a list. */
export function* elementNodes(nodes: readonly SnapshotNode[]): Generator<ElementNode> {
  for (const node of nodes) {
    if (node.kind !== "element") continue;
    yield node;
    yield* elementNodes(node.children);
  }
}
