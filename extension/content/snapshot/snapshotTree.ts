import type { FrameChain } from "../refs/frameChain.js";
import type { Placement } from "./viewportGeometry.js";

/**
 * The snapshot before it becomes text. `placement` says where to measure the node if
 * the budget needs to know how far off screen it is; most snapshots never ask.
 */
export interface ElementNode {
  kind: "element";
  element: Element;
  role: string;
  name: string;
  states: string[];
  children: SnapshotNode[];
  interactive: boolean;
  frameChain: FrameChain;
  placement: Placement;
  ref?: string;
  /** Events it handles that a left click does not fire (a right-click menu, keys only). */
  listenerTypes?: string[];
  /** Descendants cut off by read_page's depth, counted on the line that stands for them. */
  elided?: number;
  /** A read-only field's value, whole: page content that find_in_page matches like text. */
  readOnlyValue?: string;
}

export interface TextNode {
  kind: "text";
  text: string;
  placement: Placement;
}

export type SnapshotNode = ElementNode | TextNode;

/** A run of text not yet merged with its neighbours, and the boundary between runs. */
export interface TextPiece {
  kind: "piece";
  text: string;
  placement: Placement;
}
export const BLOCK_BREAK = { kind: "break" } as const;
export type WalkItem = SnapshotNode | TextPiece | typeof BLOCK_BREAK;
