import { z } from "zod";
import { TabIdSchema } from "../primitives.js";
import { DownloadSummarySchema } from "./diagnosticsTools.js";
import { DialogRecordSchema, FirstLookSchema, SnapshotSourceSchema } from "../snapshotShapes.js";
import { ObservationSchema } from "../content/pageShapes.js";

/**
 * What a write action did besides its own result: every write tool reports these so the
 * agent learns about navigations, new tabs, dialogs and how the page settled without
 * asking (docs/protocol.md, "What every write reports").
 */

/**
 * The action's most telling effect, so an agent knows at a glance whether it did anything:
 * "navigated", "new_tab", "dialog", "download", "page_changed" (the DOM, a form control's
 * state or what the snapshot shows), "focus" (the focus moved, for a click only into a text
 * field), "requests" (the page only sent requests), "none" (none of these: if a change was
 * expected, the target was likely wrong), "unknown" (the page could not be watched).
 */
export const ActionEffectSchema = z.enum([
  "navigated",
  "new_tab",
  "dialog",
  "download",
  "page_changed",
  "focus",
  "requests",
  "none",
  "unknown",
]);
export type ActionEffect = z.infer<typeof ActionEffectSchema>;

/** The short line an adapter (MCP, the Claude toolset) gives a model when an action's effect was "none". */
export const NO_EFFECT_HINT =
  "Nothing changed on the page (no DOM change, navigation, new tab, dialog or request). If you expected a change, the target was likely wrong: try another, such as the element's inner link or button.";

/**
 * UI-only facts of a dispatched action: the viewport point it was dispatched at and the box the
 * highlight was drawn around. The side panel and traces may use them; they never reach a
 * model (withoutUiDetails), whose context has no use for raw coordinates.
 */
export const ActionDetailsSchema = z.object({
  point: z.object({ x: z.number(), y: z.number() }).optional(),
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).optional(),
});

/**
 * A result as a model may see it: without UI-only `details` at any depth (a batch's step
 * results, a confirmed action's replayed result). No result uses the key for anything else.
 */
export function withoutUiDetails(result: unknown): unknown {
  if (Array.isArray(result)) return result.map(withoutUiDetails);
  if (typeof result !== "object" || result === null) return result;
  const entries = Object.entries(result).filter(([key]) => key !== "details");
  return Object.fromEntries(entries.map(([key, value]) => [key, withoutUiDetails(value)]));
}

export const ActionEffectsSchema = z.object({
  effect: ActionEffectSchema,
  navigated: z.boolean(),
  url: z.string(),
  /**
   * The first tab the action opened. `opened_by`: "link" when a click opened the clicked link's own
   * href, and the agent's default tab moves to it; "page" for any other (window.open from a
   * handler, a popup perhaps on another site, a tab a key press or typing opened), and the default
   * tab stays the one the agent acted in: it reads the new tab only by passing its tabId.
   */
  tab_created: z.object({ tabId: TabIdSchema, url: z.string(), opened_by: z.enum(["link", "page"]).optional() }).optional(),
  dialogs: z.array(DialogRecordSchema),
  settled: z.object({ dom: z.boolean(), network: z.boolean(), waitedMs: z.number() }),
  /**
   * The page after the action: a ~6,000-char snapshot, a line diff against the
   * previous view of this document, and the current interactive refs. Null when the page
   * could not be read (closed, or not scriptable).
   */
  observation: ObservationSchema.nullable(),
  /**
   * When the action loaded a new document in the tab: that document's first look, the
   * budgeted snapshot browser.snapshot would answer (the request's `firstLook` sizes it, 0 for
   * none). Absent when nothing navigated, or the new document could not be read.
   */
  first_look: FirstLookSchema.optional(),
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
  /** UI-only (ActionDetailsSchema): never given to a model. */
  details: ActionDetailsSchema.optional(),
});
export type ActionEffects = z.infer<typeof ActionEffectsSchema>;
export type DialogRecord = z.infer<typeof DialogRecordSchema>;
