import { z } from "zod";
import { ErrorCodeSchema } from "./errors.js";
import { HopsSchema } from "./hopTrace.js";
import { PerceptionContentRequestSchemas, PerceptionContentResultSchemas } from "./content/perceptionOps.js";
import { BrowserActionContentRequestSchemas, BrowserActionContentResultSchemas } from "./content/browserActionOps.js";
import { ActionabilityContentRequestSchemas, ActionabilityContentResultSchemas } from "./content/actionabilityOps.js";
import { PointerContentRequestSchemas, PointerContentResultSchemas } from "./content/pointerOps.js";
import { HoldContentRequestSchemas, HoldContentResultSchemas } from "./content/holdOps.js";

/**
 * Service worker -> content script requests (over the tab's port, below) and their replies.
 * The content script owns the DOM: snapshots, the ref registry, and L1 actions. Ops are
 * declared per area in protocol/content/ and joined here.
 */
export const ContentRequestSchema = z.discriminatedUnion("op", [
  ...PerceptionContentRequestSchemas,
  ...BrowserActionContentRequestSchemas,
  ...ActionabilityContentRequestSchemas,
  ...PointerContentRequestSchemas,
  ...HoldContentRequestSchemas,
]);
export type ContentRequest = z.infer<typeof ContentRequestSchema>;
export type ContentOp = ContentRequest["op"];

export const ContentResultSchemas = {
  ...PerceptionContentResultSchemas,
  ...BrowserActionContentResultSchemas,
  ...ActionabilityContentResultSchemas,
  ...PointerContentResultSchemas,
  ...HoldContentResultSchemas,
} as const satisfies Record<ContentOp, z.ZodType>;

export type ContentResult<Op extends ContentOp> = z.infer<(typeof ContentResultSchemas)[Op]>;

export const ContentReplySchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), code: ErrorCodeSchema, error: z.string() }),
]);
export type ContentReply = z.infer<typeof ContentReplySchema>;

/**
 * The same requests and replies over one long-lived port per tab (chrome.tabs.connect):
 * half the round trip of a one-off sendMessage, which opens and closes a channel per call.
 * The envelope only pairs a reply with its request; both halves are validated as above.
 */
export const CONTENT_PORT_NAME = "weboperator.content";
export const ContentPortRequestSchema = z.object({
  id: z.number().int().nonnegative(),
  request: z.unknown(),
  traceHops: z.boolean().optional(),
});
export type ContentPortRequest = z.infer<typeof ContentPortRequestSchema>;
export const ContentPortReplySchema = z.object({ id: z.number().int().nonnegative(), reply: z.unknown(), hops: HopsSchema.optional() });
export type ContentPortReply = z.infer<typeof ContentPortReplySchema>;
