import type { Protocol } from "devtools-protocol";
import { normalizeWhitespace } from "../../shared/pageStrings.js";

export type AXNode = Protocol.Accessibility.AXNode;

export function axRole(node: AXNode): string {
  return typeof node.role?.value === "string" ? node.role.value : "";
}

export function axName(node: AXNode): string {
  return typeof node.name?.value === "string" ? normalizeWhitespace(node.name.value) : "";
}

export function axProperty(node: AXNode, name: string): unknown {
  return node.properties?.find((property) => property.name === name)?.value.value;
}

/** One frame's tree, indexed for walking from its root. */
export class AXTree {
  private readonly byId = new Map<string, AXNode>();
  readonly root: AXNode | undefined;

  constructor(nodes: readonly AXNode[]) {
    for (const node of nodes) this.byId.set(node.nodeId, node);
    this.root = nodes.find((node) => node.parentId === undefined || !this.byId.has(node.parentId));
  }

  get size(): number {
    return this.byId.size;
  }

  children(node: AXNode): AXNode[] {
    return (node.childIds ?? []).flatMap((id) => {
      const child = this.byId.get(id);
      return child ? [child] : [];
    });
  }
}
