import type { FrameTransform } from "../../shared/geometry.js";

/** The element whose box stands for a node, and how its frame maps to the top viewport; null for no position. */
export type Placement = { anchor: Element; frame: FrameTransform } | null;
