import { z } from "zod";
import { extractFormatSchema, readPageModeSchema, uploadFileContentSchema } from "./requestFields.js";

/**
 * The shapes a content op shares with a browser tool. They live apart from the tools'
 * modules because the content script evaluates every schema it imports at each document's
 * start, before the page's own first script: importing a tool module there built all of its
 * commands' schemas (payloads, results, descriptions) in every tab the person opens.
 */
export const ReadPageModeSchema = readPageModeSchema();

export const ExtractFormatSchema = extractFormatSchema();
/** "article": Readability found main content; "page": the whole body; "element": a ref subtree. */
export const ExtractSourceSchema = z.enum(["article", "page", "element"]);

export const InteractiveRefSchema = z.object({ ref: z.string(), role: z.string(), name: z.string() });
/** What the page looks like right after a write action (its bounds are in constants.ts). */
export const ObservationSchema = z.object({
  snapshotId: z.string(),
  /** The snapshot that `diff` compares against; null when this document had none. */
  previousSnapshotId: z.string().nullable(),
  text: z.string(),
  /** Changed lines, "- " removed and "+ " added, without indentation; "" when nothing changed. */
  diff: z.string(),
  interactiveRefs: z.array(InteractiveRefSchema),
  /** More interactive elements exist than interactiveRefs lists. */
  interactiveRefsTruncated: z.boolean(),
});
export type Observation = z.infer<typeof ObservationSchema>;

/**
 * What the page did after a write, as the content script saw it from the dispatch on: a DOM
 * or form-state change, and where the focus moved ("editable": into a text field).
 */
export const PageActivitySchema = z.object({ changed: z.boolean(), focus: z.enum(["none", "editable", "other"]) });
export type PageActivity = z.infer<typeof PageActivitySchema>;

export const UploadFileContentSchema = uploadFileContentSchema();
