import { z } from "zod";
import { ActionTargetSchema, ClickOptionsShape, RefSchema, TabIdSchema, TypeModeSchema, tabScoped, type CommandSpec } from "../primitives.js";
import { ActionEffectsSchema } from "./actionEffects.js";

/** L1 and L2 interaction tools of browser-tools-l1-l2 §3. Each is reachable as `browser.<tool>`. */

const RefActionResult = ActionEffectsSchema.extend({
  tabId: TabIdSchema,
  ref: z.string(),
  target: ActionTargetSchema,
  recovered: z.boolean(),
});

export const ClickTrustedPayloadSchema = z.strictObject({ ref: RefSchema, reason: z.string().max(500).optional(), ...ClickOptionsShape, ...tabScoped });
export const HoverPayloadSchema = z.strictObject({ ref: RefSchema, ...tabScoped });

export const TypeTrustedPayloadSchema = z.strictObject({
  ref: RefSchema,
  text: z.string().max(100_000),
  mode: TypeModeSchema.default("replace"),
  ...tabScoped,
});
export const TypeTrustedResultSchema = RefActionResult.extend({ value: z.string() });

export const SelectOptionPayloadSchema = z
  .strictObject({
    ref: RefSchema,
    /** Option values (the value attribute, or data-value for ARIA options). */
    values: z.array(z.string().max(1000)).max(100).optional(),
    /** Visible option texts, matched case-insensitively after trimming. */
    labels: z.array(z.string().max(1000)).max(100).optional(),
    ...tabScoped,
  })
  .refine((payload) => (payload.values?.length ?? 0) + (payload.labels?.length ?? 0) > 0, {
    message: "give values or labels naming the option(s) to select",
  });
export const SelectOptionResultSchema = RefActionResult.extend({
  selected: z.array(z.object({ value: z.string(), label: z.string() })),
});

export const PressKeyPayloadSchema = z.strictObject({ key: z.string().min(1).max(100), ref: RefSchema.optional(), ...tabScoped });
export const PressKeyResultSchema = ActionEffectsSchema.extend({ tabId: TabIdSchema, key: z.string() });

export const ScrollToPayloadSchema = z.strictObject({ ref: RefSchema, ...tabScoped });
export const ScrollToResultSchema = z.object({ tabId: TabIdSchema, ref: z.string(), target: ActionTargetSchema, recovered: z.boolean(), inViewport: z.boolean() });

export const WaitForPayloadSchema = z
  .strictObject({
    text: z.string().min(1).max(1000).optional(),
    textGone: z.string().min(1).max(1000).optional(),
    /** Without text conditions: wait this long. With them: the upper bound (default 5,000). */
    timeMs: z.number().int().positive().max(30_000).optional(),
    ...tabScoped,
  })
  .refine((payload) => payload.text !== undefined || payload.textGone !== undefined || payload.timeMs !== undefined, {
    message: "give text, textGone or timeMs",
  });
export const WaitForResultSchema = z.object({ tabId: TabIdSchema, matched: z.boolean(), waitedMs: z.number() });

const BatchStepSchema = z.discriminatedUnion("tool", [
  z.strictObject({ tool: z.literal("click"), ref: RefSchema, ...ClickOptionsShape }),
  z.strictObject({ tool: z.literal("type"), ref: RefSchema, text: z.string().max(100_000), mode: TypeModeSchema.optional(), submit: z.boolean().optional() }),
  z.strictObject({ tool: z.literal("select_option"), ref: RefSchema, values: z.array(z.string()).optional(), labels: z.array(z.string()).optional() }),
]);
export const BatchActionsPayloadSchema = z.strictObject({ actions: z.array(BatchStepSchema).min(1).max(4), ...tabScoped });
export const BatchActionsResultSchema = z.object({
  tabId: TabIdSchema,
  results: z.array(z.object({ tool: z.string(), ok: z.boolean(), result: z.unknown().optional(), code: z.string().optional(), error: z.string().optional() })),
  completed: z.number().int(),
  /** Why the batch stopped early: a step failed, or a new browsing context made later refs unsafe. */
  stopped: z.string().optional(),
});

export const RunJavascriptPayloadSchema = z.strictObject({ code: z.string().min(1).max(100_000), ...tabScoped });
export const RunJavascriptResultSchema = z.object({ tabId: TabIdSchema, result: z.string(), truncated: z.boolean() });

export const ToolsResultSchema = z.object({
  tools: z.array(z.object({ name: z.string(), level: z.enum(["L0", "L1", "L2"]), effects: z.enum(["read", "write"]), inputSchema: z.unknown() })),
});

export const INTERACTION_TOOL_COMMANDS = {
  "browser.tools": { payload: z.strictObject({}), result: ToolsResultSchema, handledBy: "extension" },
  "browser.click_trusted": { payload: ClickTrustedPayloadSchema, result: RefActionResult, handledBy: "extension" },
  "browser.hover": { payload: HoverPayloadSchema, result: RefActionResult, handledBy: "extension" },
  "browser.type_trusted": { payload: TypeTrustedPayloadSchema, result: TypeTrustedResultSchema, handledBy: "extension" },
  "browser.select_option": { payload: SelectOptionPayloadSchema, result: SelectOptionResultSchema, handledBy: "extension" },
  "browser.press_key": { payload: PressKeyPayloadSchema, result: PressKeyResultSchema, handledBy: "extension" },
  "browser.scroll_to": { payload: ScrollToPayloadSchema, result: ScrollToResultSchema, handledBy: "extension" },
  "browser.wait_for": { payload: WaitForPayloadSchema, result: WaitForResultSchema, handledBy: "extension" },
  "browser.batch_actions": { payload: BatchActionsPayloadSchema, result: BatchActionsResultSchema, handledBy: "extension" },
  "browser.run_javascript": { payload: RunJavascriptPayloadSchema, result: RunJavascriptResultSchema, handledBy: "extension" },
} as const satisfies Record<string, CommandSpec>;
