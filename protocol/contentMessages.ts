import { z } from "zod";
import { ErrorCodeSchema } from "./errors.js";
import { RefSchema, ScrollDirectionSchema, TypeModeSchema } from "./commands.js";

/**
 * Service worker -> content script requests (chrome.tabs.sendMessage) and their replies.
 * The content script owns the DOM: snapshots, the ref registry, and L1 actions.
 */

export const ContentRequestSchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("ping") }),
  z.object({ op: z.literal("snapshot"), maxChars: z.number().int().positive() }),
  z.object({ op: z.literal("click"), ref: RefSchema }),
  z.object({ op: z.literal("type"), ref: RefSchema, text: z.string(), mode: TypeModeSchema }),
  z.object({ op: z.literal("focus"), ref: RefSchema }),
  z.object({ op: z.literal("scroll"), direction: ScrollDirectionSchema, amount: z.number().positive().optional(), ref: RefSchema.optional() }),
  z.object({ op: z.literal("extract"), ref: RefSchema.optional(), fromChar: z.number().int().nonnegative(), pageChars: z.number().int().positive() }),
]);
export type ContentRequest = z.infer<typeof ContentRequestSchema>;
export type ContentOp = ContentRequest["op"];

const TargetSchema = z.object({ role: z.string(), name: z.string() });

export const ContentResultSchemas = {
  ping: z.object({ documentNonce: z.string(), url: z.string() }),
  snapshot: z.object({
    snapshotId: z.string(),
    url: z.string(),
    title: z.string(),
    text: z.string(),
    refCount: z.number().int(),
    truncated: z.boolean(),
  }),
  /** navigationStarted: the click began a navigation of the page (Navigation API "navigate"). */
  click: z.object({ ref: z.string(), target: TargetSchema, recovered: z.boolean(), navigationStarted: z.boolean() }),
  type: z.object({ ref: z.string(), target: TargetSchema, value: z.string(), recovered: z.boolean() }),
  focus: z.object({ ref: z.string(), target: TargetSchema, recovered: z.boolean() }),
  scroll: z.object({ scrollX: z.number(), scrollY: z.number(), moved: z.boolean(), atEnd: z.boolean() }),
  extract: z.object({
    url: z.string(),
    text: z.string(),
    fromChar: z.number().int(),
    totalChars: z.number().int(),
    nextChar: z.number().int().optional(),
    truncated: z.boolean(),
  }),
} as const satisfies Record<ContentOp, z.ZodType>;

export type ContentResult<Op extends ContentOp> = z.infer<(typeof ContentResultSchemas)[Op]>;

export const ContentReplySchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), code: ErrorCodeSchema, error: z.string() }),
]);
export type ContentReply = z.infer<typeof ContentReplySchema>;
