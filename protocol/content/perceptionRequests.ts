import { z } from "zod";
import type { SchemaFactories } from "../lazySchemas.js";
import { emulatedMediaSchema, extractFormatSchema, readPageModeSchema, refSchema } from "./requestFields.js";

/** Content-script ops that read the page (issue: perception). */
export const perceptionContentRequests = {
  ping: () => z.object({ op: z.literal("ping") }),
  /** `media`: the CSS media the worker emulates for this call; a snapshot cached under other media is not reused. */
  snapshot: () =>
    z.object({
      op: z.literal("snapshot"),
      maxChars: z.number().int().positive(),
      elements: z.boolean().optional(),
      media: emulatedMediaSchema().optional(),
    }),
  /** Builds the snapshot a call with this budget would answer, into the page's cache, before anyone asks (after a navigate). */
  prepare_snapshot: () => z.object({ op: z.literal("prepare_snapshot"), maxChars: z.number().int().positive() }),
  read_page: () =>
    z.object({
      op: z.literal("read_page"),
      maxChars: z.number().int().positive(),
      mode: readPageModeSchema(),
      depth: z.number().int().positive().optional(),
      ref: refSchema().optional(),
      viewportOnly: z.boolean().optional(),
    }),
  find: () =>
    z.object({
      op: z.literal("find"),
      query: z.string().min(1),
      role: z.string().optional(),
      match: z.enum(["text", "words"]).optional(),
      limit: z.number().int().positive(),
    }),
  selection: () => z.object({ op: z.literal("selection"), maxChars: z.number().int().positive() }),
  extract: () =>
    z.object({
      op: z.literal("extract"),
      ref: refSchema().optional(),
      fromChar: z.number().int().nonnegative(),
      pageChars: z.number().int().positive(),
      format: extractFormatSchema().optional(),
    }),
  /** `retract`: an observation dom_quiet took that the action did not use; the diff is against the view before it. */
  observe: () => z.object({ op: z.literal("observe"), maxChars: z.number().int().positive(), retract: z.string().optional() }),
  // Diagnostic (the WPT accname suite): the role and name the snapshot walk gives each match of a selector.
  describe_elements: () =>
    z.object({ op: z.literal("describe_elements"), selector: z.string().min(1), limit: z.number().int().positive() }),
} satisfies SchemaFactories;
