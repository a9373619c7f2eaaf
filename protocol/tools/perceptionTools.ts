import { z } from "zod";
import { EmulatedMediaSchema, RefSchema, TabIdSchema, tabScoped } from "../primitives.js";
import { command, type CommandSpec } from "../commandSpec.js";
import { PagedTextFieldsSchema, SnapshotFieldsSchema } from "../snapshotShapes.js";
import { ExtractFormatSchema, ExtractSourceSchema, ReadPageModeSchema } from "../content/pageShapes.js";

/**
 * Read tools (read_page, find_in_page, get_selection,
 * extract with Markdown). Each is reachable as `browser.<tool>`.
 */

/**
 * Where page-derived text came from: page text is untrusted (docs/protocol.md). Text fields stay the
 * page's own characters, so paging offsets are exact; this field is the provenance, and
 * the JSON string boundary around the text is one the page cannot forge.
 */
export const UntrustedSourceSchema = z.object({
  source: z.literal("page"),
  tabId: TabIdSchema,
  url: z.string(),
});

export const SnapshotMaxCharsSchema = z.number().int().min(500).max(500_000);

export const ReadPagePayloadSchema = z.strictObject({
  ...tabScoped,
  /** "interactive": only elements with refs, under their landmark and heading context. */
  mode: ReadPageModeSchema.default("all"),
  /** Tree levels printed; deeper nodes are counted on their cut-off ancestor's line. */
  depth: z.number().int().min(1).max(200).optional(),
  /** Print only the subtree of the element this ref names. */
  ref: RefSchema.optional(),
  /** Only what is in the viewport now: elements whose box meets it, and the ancestors that hold them. */
  viewportOnly: z.boolean().default(false),
  maxChars: SnapshotMaxCharsSchema.optional(),
});

/** The same shape as browser.snapshot's result. */
export const ReadPageResultSchema = SnapshotFieldsSchema.extend({ tabId: TabIdSchema });

/** Matches printed by browser.find_in_page; matchCount says how many there were in all. */
export const FIND_MAX_MATCHES = 20;

export const FindInPagePayloadSchema = z.strictObject({
  query: z.string().min(1).max(500),
  /** Exact ARIA role to keep (case-insensitive), e.g. "button". */
  role: z.string().min(1).max(40).optional(),
  /**
   * "text" (default): elements and text runs containing `query`, in document order.
   * "words": `query` is a description ("the add to cart button for the storm lamp"); elements
   * are ranked by how many of its words their role, name, text, label and nearby text carry, best first.
   */
  match: z.enum(["text", "words"]).optional(),
  ...tabScoped,
});
export const FindInPageResultSchema = z.object({
  tabId: TabIdSchema,
  snapshotId: z.string(),
  url: z.string(),
  text: z.string(),
  matchCount: z.number().int().nonnegative(),
  truncated: z.boolean(),
  untrusted: UntrustedSourceSchema,
});

/** Longest selection returned; browser.extract reads more. */
export const SELECTION_MAX_CHARS = 8_000;

export const GetSelectionPayloadSchema = z.strictObject({ ...tabScoped });
export const GetSelectionResultSchema = z.object({
  tabId: TabIdSchema,
  url: z.string(),
  text: z.string(),
  /** The interactive element holding the selection focus (a textbox, a link, an editor). */
  ref: z.string().optional(),
  totalChars: z.number().int().nonnegative(),
  truncated: z.boolean(),
  untrusted: UntrustedSourceSchema,
});

export const ExtractPayloadSchema = z.strictObject({
  ref: RefSchema.optional(),
  fromChar: z.number().int().nonnegative().optional(),
  /** "text" (default): visible text in reading order; "markdown": main content as Markdown. */
  format: ExtractFormatSchema.default("text"),
  media: EmulatedMediaSchema.optional(),
  ...tabScoped,
});
export const ExtractResultSchema = PagedTextFieldsSchema.extend({
  tabId: TabIdSchema,
  format: ExtractFormatSchema.optional(),
  source: ExtractSourceSchema.optional(),
  untrusted: UntrustedSourceSchema.optional(),
});

export const PERCEPTION_TOOL_COMMANDS = {
  "browser.read_page": command({
    payload: ReadPagePayloadSchema,
    result: ReadPageResultSchema,
    handledBy: "extension",
    group: "read",
    description:
      'A shaped snapshot: only interactive elements, a depth limit, or one ref\'s subtree.\n\nSame engine and refs as browser.snapshot. mode "all" (default) or "interactive" (only elements with refs, under their landmarks); `depth` cuts the tree ([+N deeper]); `ref` reads one subtree; `viewportOnly` keeps only what is in the viewport now.',
    example: { mode: "interactive", depth: 3 },
    level: "L1",
    effects: "read",
    cli: { output: "snapshot" },
  }),
  "browser.find_in_page": command({
    payload: FindInPagePayloadSchema,
    result: FindInPageResultSchema,
    handledBy: "extension",
    group: "read",
    description:
      'Up to 20 elements whose role, name or text match `query`, with refs. Use it on long pages.\n\nMatches are printed as snapshot lines with refs under their landmarks: {tabId, snapshotId, url, text, matchCount, truncated, untrusted}. `match: "words"` takes a description instead and lists elements best first by word overlap. No match is matchCount 0, not an error.',
    example: { query: "checkout", role: "button" },
    level: "L1",
    effects: "read",
    aliases: ["find"],
    cli: { positionals: ["query"], output: "snapshot" },
  }),
  "browser.get_selection": command({
    payload: GetSelectionPayloadSchema,
    result: GetSelectionResultSchema,
    handledBy: "extension",
    group: "read",
    description:
      "The text the user selected on the page.\n\nText fields included, never a password's: {tabId, url, text, ref?, totalChars, truncated, untrusted}.",
    example: {},
    level: "L1",
    effects: "read",
    cli: { output: "text" },
  }),
} as const satisfies Record<string, CommandSpec>;
