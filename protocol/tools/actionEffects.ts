import { z } from "zod";
import { TabIdSchema } from "../primitives.js";
import { ObservationSchema } from "./perceptionTools.js";
import { DownloadSummarySchema } from "./diagnosticsTools.js";
import { SnapshotSourceSchema } from "../snapshotShapes.js";

/**
 * What a write action did besides its own result: every write tool reports these so the
 * agent learns about navigations, new tabs, dialogs and how the page settled without
 * asking (seed §3, §4; Claude toolset "Report downloads").
 */
export const DialogRecordSchema = z.object({
  type: z.enum(["alert", "confirm", "prompt", "beforeunload"]),
  message: z.string(),
  /** What WebOperator answered for the page: confirm cancels, prompt returns null, alert closes. */
  answered: z.string(),
});

export const ActionEffectsSchema = z.object({
  navigated: z.boolean(),
  url: z.string(),
  tab_created: z.object({ tabId: TabIdSchema, url: z.string() }).optional(),
  dialogs: z.array(DialogRecordSchema),
  /** Set when the page's dialog functions could not be restored after the action. */
  dialogRestoreFailed: z.string().optional(),
  settled: z.object({ dom: z.boolean(), network: z.boolean(), waitedMs: z.number() }),
  /**
   * The page after the action (seed §1.3): a ~6,000-char snapshot, a line diff against the
   * previous view of this document, and the current interactive refs. Null when the page
   * could not be read (closed, or not scriptable).
   */
  observation: ObservationSchema.nullable(),
  /**
   * Which engine read the page after the action, as in a snapshot's `source`: "dom", the
   * page's content script; "cdp-ax", only CDP, because the content script of this http(s)
   * page did not answer (no diff, no settle on the DOM). Absent when the page is not one
   * WebOperator reads (closed, or not http(s)).
   */
  engine: SnapshotSourceSchema.optional(),
  /** Downloads this action started (Claude toolset "Report downloads"). */
  download_started: z.array(DownloadSummarySchema).optional(),
  /** Downloads that completed or failed since the last result, each reported once. */
  download_updates: z.array(DownloadSummarySchema).optional(),
});
export type ActionEffects = z.infer<typeof ActionEffectsSchema>;
export type DialogRecord = z.infer<typeof DialogRecordSchema>;
