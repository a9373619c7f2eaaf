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

/** Which engine produced a snapshot: the content script's DOM walk, or CDP's accessibility tree when that walk could not answer. */
export const SnapshotSourceSchema = z.enum(["dom", "cdp-ax"]);
