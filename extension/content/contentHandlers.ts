import type { ContentOp, ContentRequest } from "../../protocol/contentMessages.js";
import type { HopRecorder } from "../../protocol/hopTrace.js";
import type { RefRegistry } from "./refs/refRegistry.js";
import type { SnapshotCache } from "./snapshot/snapshotCache.js";

export interface ContentRuntime {
  registry: RefRegistry;
  snapshots: SnapshotCache;
  /** A traced request's recorder (traceHops): handlers that have steps worth timing mark them. */
  hops?: HopRecorder | undefined;
}

/** One handler per op; each area of the content script contributes its own table. */
export type ContentHandlers<Op extends ContentOp> = {
  [K in Op]: (request: Extract<ContentRequest, { op: K }>, runtime: ContentRuntime) => unknown;
};
