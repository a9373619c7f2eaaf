import { z } from "zod";
import { LooseBooleanSchema, RefSchema, TabIdSchema, tabScoped, type CommandSpec } from "../primitives.js";
import { SnapshotFieldsSchema } from "../snapshotShapes.js";

/** Which engine produced a snapshot: the content script's DOM walk, or CDP's accessibility tree (seed L1-L2 §1.4). */
export const SnapshotSourceSchema = z.enum(["dom", "cdp-ax"]);

export const ReadPageDeepPayloadSchema = z.strictObject({
  ...tabScoped,
  maxChars: z.number().int().min(500).max(500_000).optional(),
  /** Also sample non-accessible elements for click, mouse, pointer and key listeners (bounded). */
  listeners: LooseBooleanSchema.default(false),
});
export const ReadPageDeepResultSchema = SnapshotFieldsSchema.extend({
  tabId: TabIdSchema,
  source: z.literal("cdp-ax"),
  /** Documents read: the top frame plus every same- and cross-origin iframe. */
  frameCount: z.number().int(),
  /** Present when listeners were asked for: how many elements were probed and how many had listeners. */
  listeners: z.object({ sampled: z.number().int(), found: z.number().int() }).optional(),
});

export const ClickDeepPayloadSchema = z.strictObject({ ref: RefSchema, reason: z.string().max(500).optional(), ...tabScoped });
export const ClickDeepResultSchema = z.object({
  tabId: TabIdSchema,
  ref: z.string(),
  target: z.object({ role: z.string(), name: z.string() }),
  /** Where the trusted click landed, in top-level viewport CSS pixels. */
  point: z.object({ x: z.number(), y: z.number() }),
  url: z.string(),
});

/** L2 deep perception (seed L1-L2 §1.4, §2): CDP accessibility reads and acting on deep refs. */
export const DEEP_TOOL_COMMANDS = {
  "browser.read_page_deep": { payload: ReadPageDeepPayloadSchema, result: ReadPageDeepResultSchema, handledBy: "extension" },
  "browser.click_deep": { payload: ClickDeepPayloadSchema, result: ClickDeepResultSchema, handledBy: "extension" },
} as const satisfies Record<string, CommandSpec>;
