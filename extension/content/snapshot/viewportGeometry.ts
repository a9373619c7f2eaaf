import type { FrameOffset } from "../../shared/geometry.js";

/** The element whose box stands for a node, and its frame's offset; null for no position. */
export type Placement = { anchor: Element; offset: FrameOffset } | null;
