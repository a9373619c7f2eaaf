import { descriptorOf } from "../accessibility/elementDescriptor.js";
import type { RefRegistry } from "../refs/refRegistry.js";
import type { SnapshotNode } from "./snapshotTree.js";

/** Gives every interactive node its ref in document order; returns how many were printed. */
export function assignRefs(nodes: readonly SnapshotNode[], registry: RefRegistry): number {
  let count = 0;
  const visit = (node: SnapshotNode): void => {
    if (node.kind !== "element") return;
    if (node.interactive) {
      node.ref = registry.issue(node.element, node.frameChain, descriptorOf(node.element, node.role, node.name));
      count += 1;
    }
    for (const child of node.children) visit(child);
  };
  for (const node of nodes) visit(node);
  return count;
}
