import { z } from "zod";
import { FailureStageSchema } from "../errorCodes.js";
import { ActionTargetSchema, ClickOptionsShape, ForceSchema, RefSchema, TabIdSchema, TypeModeSchema, tabScoped } from "../primitives.js";
import {
  CommandIntentSchema,
  RecoveryClassSchema,
  ResultTrustSchema,
  ToolEffectsSchema,
  ToolLevelSchema,
  command,
  type CommandSpec,
} from "../commandSpec.js";
import { ActionEffectsSchema } from "./actionEffects.js";
import { CapabilityGroupSchema, CapabilityRequestSchema } from "../capabilityGroupNames.js";

/** L1 and L2 interaction tools. Each is reachable as `browser.<tool>`. */

const RefActionResult = ActionEffectsSchema.extend({
  tabId: TabIdSchema,
  ref: z.string(),
  target: ActionTargetSchema,
  recovered: z.boolean(),
});

export const ClickTrustedPayloadSchema = z.strictObject({
  ref: RefSchema,
  reason: z.string().max(500).optional(),
  ...ClickOptionsShape,
  ...tabScoped,
});
export const FocusPayloadSchema = z.strictObject({ ref: RefSchema, ...tabScoped });
export const HoverPayloadSchema = z.strictObject({ ref: RefSchema, force: ForceSchema, ...tabScoped });

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

export const ScrollToPayloadSchema = z.strictObject({ ref: RefSchema, ...tabScoped });
export const ScrollToResultSchema = z.object({
  tabId: TabIdSchema,
  ref: z.string(),
  target: ActionTargetSchema,
  recovered: z.boolean(),
  inViewport: z.boolean(),
});

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
  z.strictObject({
    tool: z.literal("type"),
    ref: RefSchema,
    text: z.string().max(100_000),
    mode: TypeModeSchema.optional(),
    submit: z.boolean().optional(),
  }),
  z.strictObject({
    tool: z.literal("select_option"),
    ref: RefSchema,
    values: z.array(z.string()).optional(),
    labels: z.array(z.string()).optional(),
  }),
]);
export const BatchActionsPayloadSchema = z.strictObject({ actions: z.array(BatchStepSchema).min(1).max(4), ...tabScoped });
export const BatchActionsResultSchema = z.object({
  tabId: TabIdSchema,
  results: z.array(
    z.object({
      tool: z.string(),
      ok: z.boolean(),
      result: z.unknown().optional(),
      code: z.string().optional(),
      error: z.string().optional(),
      /** A failed step's stage, as a write's error answer carries it. */
      stage: FailureStageSchema.optional(),
    }),
  ),
  completed: z.number().int(),
  /** Why the batch stopped early: a step failed, or a new browsing context made later refs unsafe. */
  stopped: z.string().optional(),
});

/** One field of fill_form: text to type or an option's label to pick; for a checkbox, radio or switch, whether it ends up checked. */
const FillFormFieldSchema = z.strictObject({ ref: RefSchema, value: z.union([z.string().max(100_000), z.boolean()]) });
export const FillFormPayloadSchema = z.strictObject({
  fields: z.array(FillFormFieldSchema).min(1).max(100),
  /** A button (or link) to click once every field is set: the form's own Next, Search or Send, judged as a click on it is. */
  submit: RefSchema.optional(),
  ...tabScoped,
});
/** How one field was set: typed, picked, clicked to the state asked for, or left as it was (already so). */
const FilledFieldSchema = z.object({
  ref: z.string(),
  target: ActionTargetSchema,
  /** The tool that set it; "none" when a box already was as asked. */
  via: z.enum(["type", "select_option", "click", "none"]),
  /** What the field holds now: the typed text, the picked labels, or whether it is checked. */
  value: z.union([z.string(), z.array(z.string()), z.boolean()]),
});
/**
 * The whole fill as one action: its effects are every field's together (the diff is the form
 * before against after), and `fields` says how each was set. A field that fails ends the
 * call with that field's error, whose message names the fields set before it.
 */
export const FillFormResultSchema = ActionEffectsSchema.extend({
  tabId: TabIdSchema,
  fields: z.array(FilledFieldSchema),
  /** Why the fill stopped before its last field: one loaded a new document or opened a tab, so later refs are the old page's. */
  stopped: z.string().optional(),
  /** The `submit` control that was clicked after the fields. */
  submitted: z.object({ ref: z.string(), target: ActionTargetSchema }).optional(),
});

export const RunJavascriptPayloadSchema = z.strictObject({ code: z.string().min(1).max(100_000), ...tabScoped });
export const RunJavascriptResultSchema = z.object({ tabId: TabIdSchema, result: z.string(), truncated: z.boolean() });

/** Without caps, every tool; with caps, only the tools of those groups (core always), as `weboperator mcp --caps` offers them. */
export const ToolsPayloadSchema = z.strictObject({ caps: CapabilityRequestSchema.optional() });

export const ToolsResultSchema = z.object({
  tools: z.array(
    z.object({
      name: z.string(),
      level: ToolLevelSchema,
      effects: ToolEffectsSchema,
      intent: CommandIntentSchema,
      recovery: RecoveryClassSchema,
      trust: ResultTrustSchema,
      aliases: z.array(z.string()),
      group: CapabilityGroupSchema,
      description: z.string(),
      example: z.unknown(),
      /** The payload's JSON Schema (input side), with the description and example in it too. */
      inputSchema: z.unknown(),
    }),
  ),
});

export const INTERACTION_TOOL_COMMANDS = {
  "browser.tools": command({
    trust: "own",
    payload: ToolsPayloadSchema,
    result: ToolsResultSchema,
    handledBy: "extension",
    group: "bridge",
    description:
      'Every browser tool with its level, effects, description and input schema; `caps` lists only those groups.\n\nEach comes with its gatekeeper intent, aliases, capability group, example and input JSON Schema; `caps` (e.g. ["read", "input"], or ["all"]) lists only those groups\' tools, core always among them.',
    example: { caps: ["read"] },
    level: "L0",
    effects: "read",
  }),
  "browser.click_trusted": command({
    payload: ClickTrustedPayloadSchema,
    result: RefActionResult,
    handledBy: "extension",
    group: "input",
    description:
      "Like click, always with trusted CDP input. Use it when a page ignores synthetic clicks.\n\n`force: true` skips only the wait for a moving target to stop. Answers as browser.click does.",
    example: { ref: "sk4m9_1_12", button: "right" },
    level: "L2",
    effects: "write",
    intent: "activates",
    cli: { positionals: ["ref"] },
  }),
  "browser.hover": command({
    payload: HoverPayloadSchema,
    result: RefActionResult,
    handledBy: "extension",
    group: "core",
    description:
      "Moves the pointer onto `ref`, so hover menus and tooltips open.\n\nThe real pointer moves, so CSS :hover rules apply: {tabId, ref, target, recovered, ...effects}. `force: true` skips only the wait for a moving target to stop.",
    example: { ref: "sk4m9_1_3" },
    level: "L2",
    effects: "write",
    cli: { positionals: ["ref"] },
  }),
  "browser.focus": command({
    payload: FocusPayloadSchema,
    result: z.object({ tabId: TabIdSchema, ref: z.string(), target: ActionTargetSchema, recovered: z.boolean() }),
    handledBy: "extension",
    group: "input",
    description:
      "Focuses `ref` without clicking it.\n\nKeyboard focus goes to `ref` or its focusable ancestor: {tabId, ref, target, recovered}; not_actionable when it cannot take focus.",
    example: { ref: "sk4m9_1_3" },
    level: "L1",
    effects: "write",
    cli: { positionals: ["ref"] },
  }),
  "browser.type_trusted": command({
    payload: TypeTrustedPayloadSchema,
    result: TypeTrustedResultSchema,
    handledBy: "extension",
    group: "input",
    description:
      "Types into `ref` with trusted CDP text insertion. Use it when type does not stick.\n\nFocuses `ref` (an editor's hidden input, such as Monaco's, through the editor around it), selects what to replace (with Control+A where the editor keeps its text out of the DOM selection's reach), then CDP Input.insertText, as an input method commits text: {..., value}, what the field shows once the page settled. A field that still shows what it showed before answers dispatch_failed (stage verify). A deep ref from read_page_deep (a field in a cross-origin frame) is focused and selected in its own frame.",
    example: { ref: "sk4m9_1_4", text: "hello" },
    level: "L2",
    effects: "write",
    intent: "submits",
    cli: { positionals: ["ref", "text"], switches: { append: { mode: "append" } } },
  }),
  "browser.select_option": command({
    payload: SelectOptionPayloadSchema,
    result: SelectOptionResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      "Selects options of a <select> or listbox `ref` by values or visible labels.\n\nA native <select> (single or multiple) or an ARIA listbox (clicks the matching role=option), by `values` or visible `labels`: {..., selected: [{value, label}]}. No match: not_found listing the options. A deep ref from read_page_deep names a native <select> in a cross-origin frame, picked in that frame.",
    example: { ref: "sk4m9_1_7", labels: ["Large"] },
    level: "L1",
    effects: "write",
    intent: "activates",
    aliases: ["select"],
    cli: { positionals: ["ref"] },
  }),
  "browser.scroll_to": command({
    payload: ScrollToPayloadSchema,
    result: ScrollToResultSchema,
    handledBy: "extension",
    group: "input",
    description: "Scrolls `ref` into view.\n\nAnswers {tabId, ref, target, recovered, inViewport}.",
    example: { ref: "sk4m9_1_40" },
    level: "L1",
    effects: "read",
    cli: { positionals: ["ref"] },
  }),
  "browser.wait_for": command({
    payload: WaitForPayloadSchema,
    result: WaitForResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      "Waits until `text` appears or `textGone` goes (or for timeMs). Use it after actions that load content.\n\nText matching is case-sensitive; `timeMs` alone just waits: {tabId, matched, waitedMs}. A condition not met within timeMs (default 5,000) answers timeout; a timeMs longer than the request's timeoutMs allows is bad_request.",
    example: { text: "Saved", timeMs: 5000 },
    level: "L1",
    effects: "read",
    aliases: ["wait"],
  }),
  "browser.batch_actions": command({
    payload: BatchActionsPayloadSchema,
    result: BatchActionsResultSchema,
    handledBy: "extension",
    group: "input",
    description:
      "Up to four click/type/select_option steps in one call, stopping at the first failure or navigation.\n\nEach step is gated on its own: {tabId, results: [{tool, ok, result | code+error}], completed, stopped?}. It stops at a failed step, or before reusing refs after a navigation or a new tab.",
    example: {
      actions: [
        { tool: "type", ref: "sk4m9_1_4", text: "Ada" },
        { tool: "click", ref: "sk4m9_1_5" },
      ],
    },
    level: "L1",
    effects: "write",
    intent: "composes",
    aliases: ["batch"],
  }),
  "browser.fill_form": command({
    payload: FillFormPayloadSchema,
    result: FillFormResultSchema,
    handledBy: "extension",
    group: "core",
    description:
      "Fills several form fields in one call: text fields, selects (by option label), checkboxes and radios (true/false); `submit` then clicks the form's button.\n\nEach field is set as its own type, select_option or click would set it, and judged by the gatekeeper on its own; a box already as asked is left alone. It answers {tabId, fields: [{ref, target, via, value}], stopped?, ...effects}, whose diff is the form before against after. A field that fails ends the call with its error (naming the fields set before it); one that loads a new document or opens a tab ends it with `stopped`. With `submit` (a ref), the button is clicked once every field is set, as click would, held for a confirmation where a click on it would be; a fill that stopped early clicks nothing.",
    example: {
      fields: [
        { ref: "sk4m9_1_4", value: "Ada Lovelace" },
        { ref: "sk4m9_1_6", value: "Pro" },
        { ref: "sk4m9_1_7", value: true },
      ],
      submit: "sk4m9_1_9",
    },
    level: "L1",
    effects: "write",
    intent: "composes",
    aliases: ["fill"],
  }),
  "browser.run_javascript": command({
    payload: RunJavascriptPayloadSchema,
    result: RunJavascriptResultSchema,
    handledBy: "extension",
    group: "devtools",
    description:
      "Evaluates JavaScript in the page and answers the JSON result, if the user's policy allows it.\n\nThrough CDP Runtime.evaluate: {tabId, result (JSON, <= 8,000 chars), truncated}. Refused (policy_denied) unless the user's policy allows JavaScript.",
    example: { code: "document.title" },
    level: "L2",
    effects: "write",
    capability: "javascript",
    aliases: ["js"],
    cli: { positionals: ["code"] },
  }),
} as const satisfies Record<string, CommandSpec>;
