import { z } from "zod";

/** The fields every snapshot-like result shares: browser.snapshot, read_page, read_page_deep, the content op. */
export const SnapshotFieldsSchema = z.object({
  snapshotId: z.string(),
  url: z.string(),
  title: z.string(),
  text: z.string(),
  refCount: z.number().int(),
  truncated: z.boolean(),
  /** The document was still loading (readyState not "complete"): this is what was there. */
  loading: z.boolean().optional(),
});

/** A page of text out of a longer whole, continued with fromChar = nextChar. */
export const PagedTextFieldsSchema = z.object({
  url: z.string(),
  text: z.string(),
  fromChar: z.number().int(),
  totalChars: z.number().int(),
  nextChar: z.number().int().optional(),
  truncated: z.boolean(),
});

/** A dialog the page raised, as the recorder answered it (docs/protocol.md, "What every write reports"). */
export const DialogRecordSchema = z.object({
  type: z.enum(["alert", "confirm", "prompt", "beforeunload"]),
  message: z.string(),
  /** What WebOperator answered for the page: confirm cancels, prompt returns null, alert closes. */
  answered: z.string(),
});

/** Which engine produced a snapshot: the content script's DOM walk, or CDP's accessibility tree when that walk could not answer. */
export const SnapshotSourceSchema = z.enum(["dom", "cdp-ax"]);

/**
 * A new document's first look: the budgeted snapshot a write that loaded it (or a navigate
 * asked for one) answers with, exactly as browser.snapshot would have answered it, so the
 * agent spends no turn only to look (DESIGN.md, invariant 12).
 */
export const FirstLookSchema = SnapshotFieldsSchema.extend({
  source: SnapshotSourceSchema.optional(),
  /** Dialogs the document raised before its look was taken, reported once, as browser.snapshot reports them. */
  dialogs: z.array(DialogRecordSchema).optional(),
});
export type FirstLook = z.infer<typeof FirstLookSchema>;

/**
 * The request option that sizes a first look, in characters: 0 for none. Its floor is a
 * snapshot's own (browser.snapshot's maxChars).
 */
export const FirstLookCharsSchema = z.union([z.literal(0), z.number().int().min(500).max(100_000)]);
