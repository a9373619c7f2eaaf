import { z } from "zod";
import { RefSchema } from "../primitives.js";
import { ExtractFormatSchema, ExtractSourceSchema, ObservationSchema, ReadPageModeSchema } from "../tools/perceptionTools.js";

/** Content-script ops that read the page (issue: perception). */
export const PerceptionContentRequestSchemas = [
  z.object({ op: z.literal("ping") }),
  z.object({ op: z.literal("snapshot"), maxChars: z.number().int().positive() }),
  z.object({
    op: z.literal("read_page"),
    maxChars: z.number().int().positive(),
    mode: ReadPageModeSchema,
    depth: z.number().int().positive().optional(),
    ref: RefSchema.optional(),
  }),
  z.object({ op: z.literal("find"), query: z.string().min(1), role: z.string().optional(), limit: z.number().int().positive() }),
  z.object({ op: z.literal("selection"), maxChars: z.number().int().positive() }),
  z.object({
    op: z.literal("extract"),
    ref: RefSchema.optional(),
    fromChar: z.number().int().nonnegative(),
    pageChars: z.number().int().positive(),
    format: ExtractFormatSchema.optional(),
  }),
  z.object({ op: z.literal("observe"), maxChars: z.number().int().positive() }),
] as const;

const PageSnapshotSchema = z.object({
  snapshotId: z.string(),
  url: z.string(),
  title: z.string(),
  text: z.string(),
  refCount: z.number().int(),
  truncated: z.boolean(),
});

export const PerceptionContentResultSchemas = {
  ping: z.object({ documentNonce: z.string(), url: z.string() }),
  snapshot: PageSnapshotSchema,
  read_page: PageSnapshotSchema,
  find: z.object({
    snapshotId: z.string(),
    url: z.string(),
    text: z.string(),
    matchCount: z.number().int().nonnegative(),
    truncated: z.boolean(),
  }),
  selection: z.object({
    url: z.string(),
    text: z.string(),
    ref: z.string().optional(),
    totalChars: z.number().int().nonnegative(),
    truncated: z.boolean(),
  }),
  extract: z.object({
    url: z.string(),
    text: z.string(),
    fromChar: z.number().int(),
    totalChars: z.number().int(),
    nextChar: z.number().int().optional(),
    truncated: z.boolean(),
    format: ExtractFormatSchema.optional(),
    source: ExtractSourceSchema.optional(),
  }),
  observe: ObservationSchema,
} as const;
