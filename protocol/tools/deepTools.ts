import { z } from "zod";
import { ActionTargetSchema, LooseBooleanSchema, RefSchema, TabIdSchema, tabScoped } from "../primitives.js";
import { ActionEffectsSchema } from "./actionEffects.js";
import { command, type CommandSpec } from "../commandSpec.js";
import { SnapshotFieldsSchema } from "../snapshotShapes.js";
export { SnapshotSourceSchema } from "../snapshotShapes.js";

export const ReadPageDeepPayloadSchema = z.strictObject({
  ...tabScoped,
  maxChars: z.number().int().min(500).max(500_000).optional(),
  /** Also sample non-accessible elements for click, mouse, pointer and key listeners, and framework handlers on nodes (bounded). */
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
export const ClickDeepResultSchema = ActionEffectsSchema.extend({
  tabId: TabIdSchema,
  ref: z.string(),
  target: ActionTargetSchema,
  /** Where the trusted click landed, in top-level viewport CSS pixels. */
  point: z.object({ x: z.number(), y: z.number() }),
});

/** L2 deep perception: CDP accessibility reads and acting on deep refs. */
export const DEEP_TOOL_COMMANDS = {
  "browser.read_page_deep": command({
    payload: ReadPageDeepPayloadSchema,
    result: ReadPageDeepResultSchema,
    handledBy: "extension",
    group: "deep",
    description:
      "The CDP accessibility tree of every frame and closed shadow root, with deep refs. Use it when snapshot misses content.\n\nCross-origin iframes included; deep refs read c{workerNonce}_{tabEpoch}_{generation}_{index}, and click, type, type_trusted, press and select_option take them (a field in a cross-origin frame is worked on in that frame). `listeners` also samples up to 200 role-less elements for click/mouse/pointer/key listeners and the handlers React, Preact, Vue and Svelte keep on nodes ([listener=click]).",
    example: { listeners: true },
    level: "L2",
    effects: "read",
    aliases: ["deep"],
    cli: { output: "snapshot" },
  }),
  "browser.click_deep": command({
    payload: ClickDeepPayloadSchema,
    result: ClickDeepResultSchema,
    handledBy: "extension",
    group: "deep",
    description:
      "A trusted click on a deep ref from read_page_deep.\n\nAfter identity checks (worker nonce, tab, tab epoch, frame loader, node still attached), through the one write path: {tabId, ref, target, point, ...effects}. Deep refs die with the debugger session (30 s idle): then stale_ref.",
    example: { ref: "c4cyt04_2_1_1" },
    level: "L2",
    effects: "write",
    intent: "activates",
    cli: { positionals: ["ref"] },
  }),
} as const satisfies Record<string, CommandSpec>;
