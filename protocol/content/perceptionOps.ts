import { z } from "zod";
import { EmulatedMediaSchema, RefSchema } from "../primitives.js";
import { PagedTextFieldsSchema, SnapshotFieldsSchema } from "../snapshotShapes.js";
import { SnapshotElementSchema, SnapshotViewportSchema } from "../snapshotElements.js";
import { ExtractFormatSchema, ExtractSourceSchema, ObservationSchema, ReadPageModeSchema } from "./pageShapes.js";

/** Content-script ops that read the page (issue: perception). */
export const PerceptionContentRequestSchemas = [
  z.object({ op: z.literal("ping") }),
  /** `media`: the CSS media the worker emulates for this call; a snapshot cached under other media is not reused. */
  z.object({
    op: z.literal("snapshot"),
    maxChars: z.number().int().positive(),
    elements: z.boolean().optional(),
    media: EmulatedMediaSchema.optional(),
  }),
  /** Builds the snapshot a call with this budget would answer, into the page's cache, before anyone asks (after a navigate). */
  z.object({ op: z.literal("prepare_snapshot"), maxChars: z.number().int().positive() }),
  z.object({
    op: z.literal("read_page"),
    maxChars: z.number().int().positive(),
    mode: ReadPageModeSchema,
    depth: z.number().int().positive().optional(),
    ref: RefSchema.optional(),
    viewportOnly: z.boolean().optional(),
  }),
  z.object({
    op: z.literal("find"),
    query: z.string().min(1),
    role: z.string().optional(),
    match: z.enum(["text", "words"]).optional(),
    limit: z.number().int().positive(),
  }),
  z.object({ op: z.literal("selection"), maxChars: z.number().int().positive() }),
  z.object({
    op: z.literal("extract"),
    ref: RefSchema.optional(),
    fromChar: z.number().int().nonnegative(),
    pageChars: z.number().int().positive(),
    format: ExtractFormatSchema.optional(),
  }),
  /** `retract`: an observation dom_quiet took that the action did not use; the diff is against the view before it. */
  z.object({ op: z.literal("observe"), maxChars: z.number().int().positive(), retract: z.string().optional() }),
  // Diagnostic (the WPT accname suite): the role and name the snapshot walk gives each match of a selector.
  z.object({ op: z.literal("describe_elements"), selector: z.string().min(1), limit: z.number().int().positive() }),
] as const;

/** One element as the snapshot walk saw it: its own line's role and name, or what that line would say. */
export const DescribedElementSchema = z.object({
  /** Whether the snapshot printed a line of its own for the element. */
  printed: z.boolean(),
  role: z.string(),
  name: z.string(),
});

export const PerceptionContentResultSchemas = {
  ping: z.object({ documentNonce: z.string(), url: z.string() }),
  snapshot: SnapshotFieldsSchema.extend({
    elements: z.array(SnapshotElementSchema).optional(),
    viewport: SnapshotViewportSchema.optional(),
    /** A frame's dialog recorder answered a dialog since the last snapshot (or this document's first): drain the records. */
    dialogsRecorded: z.boolean().optional(),
  }),
  /** false: the page had nothing to show yet (the first snapshot will say why). */
  prepare_snapshot: z.object({ prepared: z.boolean() }),
  read_page: SnapshotFieldsSchema,
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
  extract: PagedTextFieldsSchema.extend({
    format: ExtractFormatSchema.optional(),
    source: ExtractSourceSchema.optional(),
  }),
  observe: ObservationSchema,
  describe_elements: z.object({ url: z.string(), elements: z.array(DescribedElementSchema) }),
} as const;
