import { z } from "zod";
import { RefSchema } from "../primitives.js";

/** Content-script ops that read the page (issue: perception). */
export const PerceptionContentRequestSchemas = [
  z.object({ op: z.literal("ping") }),
  z.object({ op: z.literal("snapshot"), maxChars: z.number().int().positive() }),
  z.object({ op: z.literal("extract"), ref: RefSchema.optional(), fromChar: z.number().int().nonnegative(), pageChars: z.number().int().positive() }),
] as const;

export const PerceptionContentResultSchemas = {
  ping: z.object({ documentNonce: z.string(), url: z.string() }),
  snapshot: z.object({
    snapshotId: z.string(),
    url: z.string(),
    title: z.string(),
    text: z.string(),
    refCount: z.number().int(),
    truncated: z.boolean(),
  }),
  extract: z.object({
    url: z.string(),
    text: z.string(),
    fromChar: z.number().int(),
    totalChars: z.number().int(),
    nextChar: z.number().int().optional(),
    truncated: z.boolean(),
  }),
} as const;
