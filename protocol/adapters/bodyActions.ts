import { z } from "zod";
import { ModifierSchema, MouseButtonSchema, ScrollDirectionSchema, TabIdSchema } from "../primitives.js";
import { UploadFileContentSchema } from "../content/pageShapes.js";
import { ConfirmationRequestSchema } from "../confirmation.js";
import { FailureStageSchema } from "../errorCodes.js";

/**
 * &body.browser typed actions (the closed set of &body.browser v0.1) and the
 * InteractionTrace edge `body.act` emits and `body.replay` consumes.
 */

/** "sha256:" + hex, as &body.browser's InteractionTrace writes state hashes. */
export const BodyStateHashSchema = z.string().regex(/^sha256:[0-9a-f]{64}$/);

/** The closed action set of v0.1. */
export const BodyActionTypeSchema = z.enum([
  "click",
  "dblclick",
  "hover",
  "focus",
  "fill",
  "type",
  "press",
  "check",
  "uncheck",
  "select",
  "upload",
  "scroll",
  "scrollintoview",
  "drag",
  "navigate",
  "wait",
  "screenshot",
]);
export type BodyActionType = z.infer<typeof BodyActionTypeSchema>;

/**
 * An element by what it is rather than by a ref: role and accessible name as the snapshot
 * prints them, and which one of the elements with that role and name (0-based, document order).
 */
export const SemanticLocatorSchema = z.strictObject({
  role: z.string().min(1).max(200),
  name: z.string().max(1_000),
  occurrence: z.number().int().min(0).max(10_000).default(0),
});
export type SemanticLocator = z.output<typeof SemanticLocatorSchema>;

/** Either names the element; a ref wins for `body.act`, the locator is what replay uses. */
const target = {
  /** `@eN` from the tab's last body.perceive / body.affordances, or a browser.snapshot ref. */
  target_ref: z.string().min(1).max(120).optional(),
  semantic_locator: SemanticLocatorSchema.optional(),
};
const secondTarget = z.strictObject(target);

const files = {
  /** File bytes, as browser.upload_file takes them. */
  files: z.array(UploadFileContentSchema).min(1).max(20).optional(),
  /** Local files inside the upload folder (WEBOPERATOR_UPLOAD_DIR), read by the bridge. */
  paths: z.array(z.string().min(1).max(4096)).min(1).max(20).optional(),
};

/** Each type's own fields; every variant is a strict object, so a misspelt field is an error. */
export const BODY_ACTION_FIELDS = {
  click: { ...target, button: MouseButtonSchema.optional(), modifiers: z.array(ModifierSchema).max(4).optional() },
  dblclick: target,
  hover: target,
  focus: target,
  fill: { ...target, value: z.string().max(2_000_000) },
  type: { ...target, text: z.string().max(2_000_000) },
  press: { ...target, key: z.string().min(1).max(100) },
  check: target,
  uncheck: target,
  select: {
    ...target,
    values: z.array(z.string().max(1000)).max(100).optional(),
    labels: z.array(z.string().max(1000)).max(100).optional(),
  },
  upload: { ...target, ...files },
  scroll: { ...target, direction: ScrollDirectionSchema, amount: z.number().positive().max(1_000_000).optional() },
  scrollintoview: target,
  drag: { ...target, to: secondTarget },
  navigate: { url: z.string().min(1).max(8_192) },
  wait: {
    ms: z.number().int().positive().max(30_000).optional(),
    text: z.string().min(1).max(1000).optional(),
    text_gone: z.string().min(1).max(1000).optional(),
  },
  screenshot: { full_page: z.boolean().optional() },
} as const satisfies Record<BodyActionType, z.ZodRawShape>;

type Fields = typeof BODY_ACTION_FIELDS;
type Variant<K extends BodyActionType, Extra extends z.ZodRawShape> = z.ZodObject<
  { type: z.ZodLiteral<K> } & Fields[K] & Extra,
  z.core.$strict
>;

function variants<Extra extends z.ZodRawShape>(extra: Extra): { [K in BodyActionType]: Variant<K, Extra> } {
  const built: Partial<Record<BodyActionType, z.ZodType>> = {};
  for (const type of BodyActionTypeSchema.options)
    built[type] = z.strictObject({ type: z.literal(type), ...BODY_ACTION_FIELDS[type], ...extra });
  return built as { [K in BodyActionType]: Variant<K, Extra> };
}

function unionOf<Extra extends z.ZodRawShape>(extra: Extra) {
  const each = variants(extra);
  return z.discriminatedUnion("type", [
    each.click,
    each.dblclick,
    each.hover,
    each.focus,
    each.fill,
    each.type,
    each.press,
    each.check,
    each.uncheck,
    each.select,
    each.upload,
    each.scroll,
    each.scrollintoview,
    each.drag,
    each.navigate,
    each.wait,
    each.screenshot,
  ]);
}

/** A typed action as a trace records it. */
export const BodyTypedActionSchema = unionOf({});
export type BodyTypedAction = z.output<typeof BodyTypedActionSchema>;

const actContext = {
  tabId: TabIdSchema.optional(),
  /** Who acts, for provenance (default "WebOperator"). */
  agent_id: z.string().min(1).max(200).optional(),
  /** Groups several acts into one InteractionTrace; a new id when absent. */
  trace_id: z.string().min(1).max(200).optional(),
  /** The state the caller planned against: when the page is no longer in it, nothing is done (state_diverged). */
  expect_state: BodyStateHashSchema.optional(),
  /**
   * The planner's confidence in this action (0 to 1). Below the agent's governance
   * escalate_when.confidence_below, a write is held for a person (an `escalation` confirmation).
   */
  confidence: z.number().min(0).max(1).optional(),
};

/** body.act's payload as one typed action: its variant's fields, the tab, and who acts under which trace. */
export const BodyActPayloadSchema = unionOf(actContext);
export type BodyActPayload = z.output<typeof BodyActPayloadSchema>;

const F = BODY_ACTION_FIELDS;
/**
 * The same payload as one flat object, which is what JSON Schema consumers (the CLI's flags,
 * MCP tool schemas) need; the refinement holds every value to its own variant's rules.
 * (wait's `text` comes before type's, so the looser type text is the flat field.)
 */
export const BodyActCommandPayloadSchema = z
  .strictObject({
    ...F.click,
    ...F.fill,
    ...F.wait,
    ...F.type,
    ...F.press,
    ...F.select,
    ...F.upload,
    ...F.scroll,
    ...F.drag,
    ...F.navigate,
    ...F.screenshot,
  })
  .partial()
  .extend({ type: BodyActionTypeSchema, ...actContext })
  .superRefine((value, context) => {
    const exact = BodyActPayloadSchema.safeParse(value);
    if (exact.success) return;
    for (const issue of exact.error.issues) context.addIssue({ code: "custom", message: issue.message, path: issue.path });
  });

export const BodyProvenanceSchema = z.looseObject({
  provider: z.string(),
  capability: z.literal("&body.browser"),
  operation: z.string(),
  timestamp: z.string(),
  agent_id: z.string(),
  trace_id: z.string(),
});
export type BodyProvenance = z.infer<typeof BodyProvenanceSchema>;

/** One InteractionTrace edge, as body.act emits it (task traces add fields, see body.replay). */
export const BodyTraceEdgeSchema = z.object({
  trace_id: z.string(),
  body_subtype: z.literal("browser"),
  state_before: BodyStateHashSchema.nullable(),
  /** With semantic_locator filled in from the state before, so the edge replays without refs. */
  typed_action: BodyTypedActionSchema,
  state_after: BodyStateHashSchema.nullable(),
  latency_ms: z.number(),
  outcome_status: z.enum(["success", "failure"]),
  /** Beside a failure: the browser command's error code and message, and the stage a write failed at. */
  error: z.object({ code: z.string(), message: z.string(), stage: FailureStageSchema.optional() }).optional(),
  provenance: BodyProvenanceSchema,
});
export type BodyTraceEdge = z.infer<typeof BodyTraceEdgeSchema>;

export const BodyErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** confirmation_required: the held action, to answer with browser.confirm (or in the side panel). */
  confirmation: ConfirmationRequestSchema.optional(),
  /** Which stage of the write failed (precheck, dispatch, verify, stale_ref, recovery), when a browser write failed. */
  stage: FailureStageSchema.optional(),
});
export type BodyError = z.infer<typeof BodyErrorSchema>;

/**
 * One InteractionTrace edge of a task step that acted (`GET /v1/tasks/:id/trace` → `edges`): the
 * same edge body.act emits, with the step's typed actions in `body_actions` (a step can stand for
 * several, e.g. a type with submit is a fill then a press), the tool call the model made, and
 * the task in the provenance. A step that only read the page is no edge; it stays in `steps`.
 */
export const TaskTraceEdgeSchema = BodyTraceEdgeSchema.extend({
  /** The step's first typed action, with the ref the model used; null only for an act no typed action expresses (see not_replayable). */
  typed_action: BodyTypedActionSchema.nullable(),
  body_actions: z.array(BodyTypedActionSchema),
  /** Set when the step did something no typed action expresses (a coordinate click, a second tab). */
  not_replayable: z.string().optional(),
  /** What the model called, as it called it: the provider's member or action, its input (long strings cut), and the element it named. */
  tool: z.object({ action: z.string(), input: z.unknown(), locator: z.object({ role: z.string(), name: z.string() }).nullable() }),
  /** The provider's own hash of the state after the step (Browser-Use: the next State Object's state_hash). */
  tabs_hash: z.string().nullable(),
  provenance: BodyProvenanceSchema.extend({
    source: z.enum(["engine", "model", "replay"]),
    task_id: z.string(),
    step: z.number().int(),
    model: z.string(),
  }),
}).refine((edge) => edge.typed_action !== null || edge.not_replayable !== undefined, {
  message: "An edge without a typed action says in not_replayable what the step did that no typed action expresses.",
  path: ["typed_action"],
});
export type TaskTraceEdge = z.infer<typeof TaskTraceEdgeSchema>;

export const BodyActionOutcomeSchema = z.object({
  tabId: TabIdSchema,
  status: z.enum(["success", "failure"]),
  state_before: BodyStateHashSchema,
  state_after: BodyStateHashSchema,
  edge: BodyTraceEdgeSchema,
  provenance: BodyProvenanceSchema,
  /** Why the action failed (the browser command's error code and message). */
  error: BodyErrorSchema.optional(),
  /** The screenshot of a `screenshot` action: evidence, never state. */
  screenshot: z.object({ mimeType: z.string(), data: z.string(), width: z.number(), height: z.number() }).optional(),
});
export type BodyActionOutcome = z.infer<typeof BodyActionOutcomeSchema>;

/**
 * An edge body.replay takes: one body.act emitted, or one a finished task recorded
 * (`GET /v1/tasks/:id/trace` → `edges`; those carry their typed actions in `body_actions`).
 */
export const BodyReplayEdgeSchema = z.looseObject({
  state_before: BodyStateHashSchema.nullable().optional(),
  state_after: BodyStateHashSchema.nullable().optional(),
  typed_action: z.unknown().optional(),
  body_actions: z.array(z.unknown()).optional(),
  /** Set by a task trace when a step did something no typed action expresses (a coordinate click, a new tab). */
  not_replayable: z.string().optional(),
  outcome_status: z.string().optional(),
});
export type BodyReplayEdge = z.infer<typeof BodyReplayEdgeSchema>;

export const BodyReplayPayloadSchema = z.strictObject({
  edges: z.array(BodyReplayEdgeSchema).min(1).max(1_000),
  tabId: TabIdSchema.optional(),
  agent_id: z.string().min(1).max(200).optional(),
  trace_id: z.string().min(1).max(200).optional(),
});

export const BodyReplayStepSchema = z.object({
  index: z.number().int(),
  actions: z.array(BodyActionTypeSchema),
  /** success; skipped (an edge that failed when recorded); diverged (the state differs from the record); failed (an action failed). */
  status: z.enum(["success", "skipped", "diverged", "failed"]),
  expected_before: BodyStateHashSchema.nullable(),
  actual_before: BodyStateHashSchema.nullable(),
  expected_after: BodyStateHashSchema.nullable(),
  actual_after: BodyStateHashSchema.nullable(),
  latency_ms: z.number(),
  error: BodyErrorSchema.optional(),
});
export type BodyReplayStep = z.infer<typeof BodyReplayStepSchema>;

export const BodyReplayResultSchema = z.object({
  tabId: TabIdSchema,
  ok: z.boolean(),
  status: z.enum(["success", "diverged", "failed"]),
  /** The step replay stopped at. */
  failed_step: z.number().int().optional(),
  error: BodyErrorSchema.optional(),
  steps: z.array(BodyReplayStepSchema),
  final_state: BodyStateHashSchema.nullable(),
  provenance: BodyProvenanceSchema,
});
export type BodyReplayResult = z.infer<typeof BodyReplayResultSchema>;

/**
 * &body.browser's SurpriseSignal: an action_outcome that failed, or a replay that stopped,
 * announced to the agent's own connections for learning: an
 * unexpected failure is what an agent learns from. It carries what an
 * episodic memory needs to file it: where it happened, what was tried, what came of it.
 */
export const BodySurpriseEventSchema = z.object({
  kind: z.literal("body:surprise"),
  at: z.string(),
  operation: z.enum(["act", "replay"]),
  tabId: TabIdSchema,
  trace_id: z.string(),
  agent_id: z.string(),
  /** The states found before and after (replay: of the step it stopped at; null where it never got). */
  state_before: BodyStateHashSchema.nullable(),
  state_after: BodyStateHashSchema.nullable(),
  /** replay, when it diverged: the recorded state the page was not in. */
  expected_state: BodyStateHashSchema.optional(),
  /** replay: the index of the step that stopped. */
  step: z.number().int().optional(),
  error: BodyErrorSchema,
});
export type BodySurpriseEvent = z.infer<typeof BodySurpriseEventSchema>;
