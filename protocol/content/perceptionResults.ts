import { z } from "zod";
import { lazySchema, type SchemaFactory } from "../lazySchemas.js";
import type { perceptionContentRequests } from "./perceptionRequests.js";
import { PagedTextFieldsSchema, SnapshotFieldsSchema } from "../snapshotShapes.js";
import { SnapshotElementSchema, SnapshotViewportSchema } from "../snapshotElements.js";
import { ExtractFormatSchema, ExtractSourceSchema, ObservationSchema } from "./pageShapes.js";

/** One element as the snapshot walk saw it: its own line's role and name, or what that line would say. */
const describedElementSchema = lazySchema(() =>
  z.object({
    /** Whether the snapshot printed a line of its own for the element. */
    printed: z.boolean(),
    role: z.string(),
    name: z.string(),
  }),
);

export const perceptionContentResults = {
  ping: () => z.object({ documentNonce: z.string(), url: z.string() }),
  snapshot: () =>
    SnapshotFieldsSchema.extend({
      elements: z.array(SnapshotElementSchema).optional(),
      viewport: SnapshotViewportSchema.optional(),
      /** A frame's dialog recorder answered a dialog since the last snapshot (or this document's first): drain the records. */
      dialogsRecorded: z.boolean().optional(),
    }),
  /** false: the page had nothing to show yet (the first snapshot will say why). */
  prepare_snapshot: () => z.object({ prepared: z.boolean() }),
  read_page: () => SnapshotFieldsSchema,
  find: () =>
    z.object({
      snapshotId: z.string(),
      url: z.string(),
      text: z.string(),
      matchCount: z.number().int().nonnegative(),
      truncated: z.boolean(),
    }),
  selection: () =>
    z.object({
      url: z.string(),
      text: z.string(),
      ref: z.string().optional(),
      totalChars: z.number().int().nonnegative(),
      truncated: z.boolean(),
    }),
  extract: () =>
    PagedTextFieldsSchema.extend({
      format: ExtractFormatSchema.optional(),
      source: ExtractSourceSchema.optional(),
    }),
  observe: () => ObservationSchema,
  describe_elements: () => z.object({ url: z.string(), elements: z.array(describedElementSchema()) }),
} satisfies Record<keyof typeof perceptionContentRequests, SchemaFactory>;
