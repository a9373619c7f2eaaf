import { descriptorOf } from "../accessibility/elementDescriptor.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import type { SnapshotNode } from "./snapshotTree.js";
import { rememberSnapshotBox } from "../actionability/snapshotBoxes.js";

/**
 * Gives every interactive node its ref in document order; returns how many were printed.
 * Each ref's box (from the walk's layout reads) is kept for the actionability check.
 */
export function assignRefs(nodes: readonly SnapshotNode[], registry: RefRegistry, boxOf?: (element: Element) => DOMRectReadOnly): number {
  let count = 0;
  const visit = (node: SnapshotNode): void => {
    if (node.kind !== "element") return;
    if (node.interactive) {
      node.ref = registry.issue(node.element, node.frameChain, descriptorOf(node.element, node.role, node.name));
      if (boxOf !== undefined) rememberSnapshotBox(node.element, boxOf(node.element));
      count += 1;
    }
    for (const child of node.children) visit(child);
  };
  for (const node of nodes) visit(node);
  return count;
}
