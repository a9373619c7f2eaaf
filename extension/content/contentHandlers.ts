import type { ContentOp, ContentRequest } from "../../protocol/index.js";
import type { RefRegistry } from "./refs/refRegistry.js";
import type { SnapshotCache } from "./snapshot/snapshotCache.js";

export interface ContentRuntime {
  registry: RefRegistry;
  snapshots: SnapshotCache;
}

/** One handler per op; each area of the content script contributes its own table. */
export type ContentHandlers<Op extends ContentOp> = {
  [K in Op]: (request: Extract<ContentRequest, { op: K }>, runtime: ContentRuntime) => unknown;
};
