import type { ContentHandlers } from "./contentHandlers.js";
import type { PerceptionContentRequestSchemas } from "../../protocol/content/perceptionOps.js";
import type { z } from "zod";
import { takeSnapshot } from "./snapshot/snapshotBuilder.js";
import { extractVisibleText } from "./visibleText.js";

type PerceptionOp = z.infer<(typeof PerceptionContentRequestSchemas)[number]>["op"];

export const perceptionHandlers: ContentHandlers<PerceptionOp> = {
  ping: (_request, { registry }) => ({ documentNonce: registry.documentNonce, url: location.href }),
  snapshot: (request, { registry }) => takeSnapshot(registry, request.maxChars),
  extract: (request, { registry }) => extractVisibleText(registry, request),
};
