import { z } from "zod";
import { TabIdSchema } from "../primitives.js";

/**
 * The task engine's wire shapes (weboperator-agent-protocol: tasks.*, task events).
 * A task is a goal the bridge's agent works on in its own tab until it answers, fails,
 * is stopped, runs out of time, or the bridge dies under it (interrupted).
 */

export const TASK_STATUSES = [
  "queued",
  "running",
  "waiting_confirmation",
  "waiting_interaction",
  "paused",
  "succeeded",
  "failed",
  "stopped",
  "timed_out",
  "interrupted",
] as const;
export const TaskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** States a task never leaves (interrupted leaves only through tasks.resume). */
export const FINAL_TASK_STATUSES: readonly TaskStatus[] = ["succeeded", "failed", "stopped", "timed_out", "interrupted"];

export const TaskIdSchema = z.string().min(1).max(64);

/** A file the task may upload: copied into the task's own folder when the task starts. */
export const TaskAttachmentInputSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, { message: "an attachment id is 1-64 letters, digits, '_', '.' or '-'" }),
  name: z.string().min(1).max(255),
  path: z.string().min(1).max(4096),
  mimeType: z.string().min(1).max(255).optional(),
});
export type TaskAttachmentInput = z.infer<typeof TaskAttachmentInputSchema>;

/** claude: the Messages API with Claude's browser toolset; browser-use: an OpenAI-compatible chat model speaking the element-index protocol; replay: a stored skill, run with no model (tasks.start {skill}). */
export const TaskProviderSchema = z.enum(["claude", "browser-use", "replay"]);

export const TaskStartPayloadSchema = z.strictObject({
  /** Required unless `skill` is given (then it defaults to the skill's goal). */
  goal: z.string().min(1).max(20_000).optional(),
  /** A stored skill (skills.list) to replay with no model: the task runs with the replay provider. */
  skill: z.string().min(1).max(64).optional(),
  /**
   * The task opens its own background tab here. With neither startUrl nor tabId, the task works
   * on the starting agent's current page: its last tab, else the visible tab nobody holds.
   */
  startUrl: z.string().min(1).max(8_192).optional(),
  tabId: TabIdSchema.optional(),
  /**
   * true: every confirmation is granted except final submit/apply/send/pay controls, which always
   * wait. When the user answers confirmations (confirmations: "user"), a task an agent starts grants
   * none itself: tasks.start's `autoConfirm` says so.
   */
  autoConfirm: z.boolean().default(false),
  attachments: z.array(TaskAttachmentInputSchema).max(20).default([]),
  /** The whole task's budget; past it the task ends as timed_out. */
  timeoutMs: z
    .number()
    .int()
    .min(1_000)
    .max(24 * 3_600_000)
    .default(15 * 60_000),
  maxSteps: z.number().int().min(1).max(1_000).default(100),
  provider: TaskProviderSchema.default("claude"),
  model: z.string().min(1).max(200).optional(),
  /** browser-use: each State Object also goes to the model as a screenshot of the viewport (an image part), for vision models. */
  vision: z.boolean().default(false),
  /** How long a confirmation waits for an answer before it counts as denied. */
  confirmationTimeoutMs: z.number().int().min(1_000).max(600_000).default(60_000),
  /** javascript_exec is off unless this is true (and the user's policy allows JavaScript). */
  allowJavaScript: z.boolean().default(false),
});
export type TaskStartPayload = z.output<typeof TaskStartPayloadSchema>;

export const TaskErrorSchema = z.object({ code: z.string(), message: z.string() });

export const TaskUsageSchema = z.object({ inputTokens: z.number().int(), outputTokens: z.number().int(), modelCalls: z.number().int() });

/** A confirmation the task waits on: what would happen, to which element, on which page. */
export const TaskConfirmationSchema = z.object({
  id: z.string(),
  /** The member the model called, e.g. "left_click". */
  action: z.string(),
  /** The browser.* command that would run, e.g. "browser.click". */
  tool: z.string(),
  role: z.string(),
  name: z.string(),
  url: z.string(),
  /** The gatekeeper's reasons: "submit (activates button \"Submit\")". */
  reasons: z.string(),
  requestedAt: z.string(),
  expiresAt: z.string(),
});
export type TaskConfirmation = z.infer<typeof TaskConfirmationSchema>;

/** What a person must do in the browser for the task: the model is told when it is done, never the secret itself. */
export const UserActionKindSchema = z.enum(["credentials", "payment", "verification_code", "human_verification", "other"]);
export type UserActionKind = z.infer<typeof UserActionKindSchema>;

/** watch_page: whether the task waits for the text to appear on its tab, or to go from it. */
export const WatchUntilSchema = z.enum(["appears", "goes"]);
export type WatchUntil = z.infer<typeof WatchUntilSchema>;

/**
 * What a task waits on in waiting_interaction. From the person: a question (answered with
 * text) or a step only they may do in the browser, such as a login, a payment or a captcha
 * (answered with done). From no one: text appearing on or going from the task's tab, by a
 * deadline (watch), or a time to go on at (schedule); tasks.respond does not answer these.
 */
export const TaskInteractionSchema = z.discriminatedUnion("type", [
  z.object({ id: z.string(), type: z.literal("question"), question: z.string(), requestedAt: z.string() }),
  z.object({
    id: z.string(),
    type: z.literal("user_action"),
    action: UserActionKindSchema,
    instructions: z.string(),
    tabId: TabIdSchema.nullable(),
    requestedAt: z.string(),
  }),
  z.object({
    id: z.string(),
    type: z.literal("watch"),
    text: z.string(),
    until: WatchUntilSchema,
    tabId: TabIdSchema,
    deadline: z.string(),
    requestedAt: z.string(),
  }),
  z.object({ id: z.string(), type: z.literal("schedule"), resumeAt: z.string(), requestedAt: z.string() }),
]);
export type TaskInteraction = z.infer<typeof TaskInteractionSchema>;

/** Whether the interaction waits for the person (a question or a step in the browser), rather than for the page or the clock. */
export function waitsForPerson(
  interaction: TaskInteraction,
): interaction is Extract<TaskInteraction, { type: "question" | "user_action" }> {
  return interaction.type === "question" || interaction.type === "user_action";
}

/** The person's answer: text for a question; done (or not) for a user action. */
export const TaskRespondPayloadSchema = z
  .strictObject({
    id: TaskIdSchema,
    /** The answer to an ask_user question. */
    text: z.string().min(1).max(10_000).optional(),
    /** A request_user_action step: true when the person did it, false when they could not or would not. */
    done: z.boolean().optional(),
  })
  .refine((payload) => (payload.text === undefined) !== (payload.done === undefined), {
    message: "give text (to answer a question) or done (for a user action), not both",
  });
export const TaskRespondResultSchema = z.object({ id: TaskIdSchema, interactionId: z.string(), status: TaskStatusSchema });

export const TaskAttachmentSchema = z.object({ id: z.string(), name: z.string(), mimeType: z.string(), size: z.number().int() });

/**
 * What a task keeps beside its trace: `artifact`, a file its model created (create_artifact);
 * `page_text`, the whole text of a page too long to give the model, saved for the person.
 */
export const ArtifactKindSchema = z.enum(["artifact", "page_text"]);
export type ArtifactKind = z.infer<typeof ArtifactKindSchema>;

/** A file kept with the task; tasks.artifact answers its content. */
export const TaskArtifactSchema = z.object({
  name: z.string(),
  kind: ArtifactKindSchema,
  mimeType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type TaskArtifact = z.infer<typeof TaskArtifactSchema>;
export const TaskArtifactPayloadSchema = z.strictObject({ id: TaskIdSchema, name: z.string().min(1).max(100) });
export const TaskArtifactResultSchema = TaskArtifactSchema.extend({
  id: TaskIdSchema,
  /** The text the task's model wrote, which may quote the pages it read: treat it as untrusted. */
  content: z.string(),
});

export const TaskSummarySchema = z.object({
  id: TaskIdSchema,
  status: TaskStatusSchema,
  goal: z.string(),
  provider: TaskProviderSchema,
  model: z.string(),
  tabId: TabIdSchema.nullable(),
  autoConfirm: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  stepCount: z.number().int(),
  answer: z.string().nullable(),
  error: TaskErrorSchema.nullable(),
  usage: TaskUsageSchema,
  pendingConfirmation: TaskConfirmationSchema.nullable(),
  /** What the task asks of the person while it is waiting_interaction (kept while interrupted, so tasks.respond can still answer). */
  pendingInteraction: TaskInteractionSchema.nullable(),
  attachments: z.array(TaskAttachmentSchema),
  artifacts: z.array(TaskArtifactSchema),
});
export type TaskSummary = z.infer<typeof TaskSummarySchema>;

/** One tool call the task made. `result` is the full record (screenshots included), kept out of live events. */
export const TaskStepSchema = z.object({
  index: z.number().int(),
  /** The member the model called ("left_click"), or the engine's own step ("open_tab"). */
  action: z.string(),
  input: z.unknown(),
  ok: z.boolean(),
  /** One line for people and live events: never a screenshot or a whole snapshot. */
  summary: z.string(),
  errorCode: z.string().nullable(),
  startedAt: z.string(),
  durationMs: z.number(),
});
export type TaskStep = z.infer<typeof TaskStepSchema>;

export const TaskDetailSchema = TaskSummarySchema.extend({ steps: z.array(TaskStepSchema) });
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

export const TaskListPayloadSchema = z.strictObject({
  status: z.union([TaskStatusSchema, z.array(TaskStatusSchema).min(1)]).optional(),
  limit: z.number().int().min(1).max(500).default(50),
});
export const TaskListResultSchema = z.object({ tasks: z.array(TaskSummarySchema) });

export const TaskIdOnlyPayloadSchema = z.strictObject({ id: TaskIdSchema });
/**
 * What became of a requested autoConfirm. effective false with requested true: the user answers
 * confirmations (confirmations: "user"), so every confirmation the task meets waits for them.
 * Even when effective, final submit/apply/send/pay controls wait for whoever answers confirmations.
 */
export const TaskAutoConfirmSchema = z.object({
  requested: z.boolean(),
  effective: z.boolean(),
  /** Why effective differs from requested, or what still waits when it is on; null when autoConfirm was not asked for. */
  reason: z.string().nullable(),
});
export type TaskAutoConfirm = z.infer<typeof TaskAutoConfirmSchema>;

export const TaskStartResultSchema = z.object({
  id: TaskIdSchema,
  status: TaskStatusSchema,
  autoConfirm: TaskAutoConfirmSchema,
  /** The tab the task starts in when the caller gave neither startUrl nor tabId (its current page); null otherwise. */
  currentTabId: TabIdSchema.nullable(),
});
export const TaskConfirmPayloadSchema = z.strictObject({ id: TaskIdSchema, allow: z.boolean() });
export const TaskConfirmResultSchema = z.object({
  id: TaskIdSchema,
  confirmationId: z.string(),
  allowed: z.boolean(),
  status: TaskStatusSchema,
});
/** Answers when the task ends, or when the request's timeoutMs is nearly spent (then `ended: false`). */
export const TaskWaitResultSchema = TaskSummarySchema.extend({ ended: z.boolean() });
/** ids: only these tasks' events reach this connection; omitted: every task's again. */
export const TaskSubscribePayloadSchema = z.strictObject({ ids: z.array(TaskIdSchema).max(100).optional() });
export const TaskSubscribeResultSchema = z.object({ ids: z.array(TaskIdSchema).nullable() });
