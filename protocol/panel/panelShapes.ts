import { z } from "zod";
import { TabIdSchema } from "../primitives.js";
import { ProviderSettingNameSchema, ProviderSettingsReportSchema } from "../tasks/providerSettings.js";
import { TaskConfirmationSchema, TaskDetailSchema, TaskIdSchema, TaskRespondResultSchema, TaskStatusSchema, TaskSummarySchema } from "../tasks/taskShapes.js";

/**
 * What the side panel shows and asks of the bridge: agents, tasks and the Stop-all switch
 * live in the bridge, so the panel reads them through the extension's native port.
 */

/** An agent connection as the bridge knows it: its id, and its name once the agent said one. */
export const PanelAgentSchema = z.object({
  id: z.string(),
  /** Shown instead of the id when present. */
  name: z.string().nullable(),
  connectedAt: z.string(),
  /** Tabs this connection acted in, most recent last. */
  tabIds: z.array(TabIdSchema),
});
export type PanelAgent = z.infer<typeof PanelAgentSchema>;

/** One step of a live task, with what it acted on and, for a screenshot, a small image. */
export const PanelStepSchema = z.object({
  index: z.number().int(),
  action: z.string(),
  ok: z.boolean(),
  summary: z.string(),
  errorCode: z.string().nullable(),
  target: z.object({ role: z.string(), name: z.string() }).nullable(),
  /** data: URL of the step's screenshot, only on the latest screenshot step of a live task. */
  thumbnail: z.string().nullable(),
});
export type PanelStep = z.infer<typeof PanelStepSchema>;

export const PanelTaskSchema = TaskSummarySchema.extend({ steps: z.array(PanelStepSchema) });
export type PanelTask = z.infer<typeof PanelTaskSchema>;

export const PanelStateSchema = z.object({
  /** Stop all agents was pressed: socket writes answer paused_by_user until Resume. */
  paused: z.boolean(),
  agents: z.array(PanelAgentSchema),
  /** Tasks not yet ended, with their latest steps. */
  live: z.array(PanelTaskSchema),
  /** Ended tasks, newest first. */
  history: z.array(TaskSummarySchema),
  /** Confirmations tasks wait on (the gatekeeper's own are kept by the extension). */
  taskConfirmations: z.array(TaskConfirmationSchema.extend({ taskId: TaskIdSchema, goal: z.string() })),
});
export type PanelState = z.infer<typeof PanelStateSchema>;

/** A file picked with the paperclip: its bytes travel once, to be written into the attachments folder. */
export const PanelFileSchema = z.object({
  name: z.string().min(1).max(255),
  mimeType: z.string().max(255),
  base64: z.string(),
});

/** What the panel asks the bridge (through the service worker and the native port). */
export const PanelBridgeRequestSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("state") }),
  z.object({ action: z.literal("task_detail"), id: TaskIdSchema }),
  z.object({ action: z.literal("task_stop"), id: TaskIdSchema }),
  z.object({ action: z.literal("task_confirm"), id: TaskIdSchema, allow: z.boolean() }),
  z.object({ action: z.literal("task_respond"), id: TaskIdSchema, text: z.string().min(1).max(10_000).optional(), done: z.boolean().optional() }),
  z.object({ action: z.literal("stop_all") }),
  z.object({ action: z.literal("resume_all") }),
  z.object({
    action: z.literal("task_start"),
    goal: z.string().min(1).max(20_000),
    startUrl: z.string().min(1).max(8_192).optional(),
    autoConfirm: z.boolean(),
    files: z.array(PanelFileSchema).max(20),
  }),
  z.object({ action: z.literal("trace"), id: TaskIdSchema }),
  z.object({ action: z.literal("providers") }),
  /** Writes one provider setting into the settings file; null removes it. The answer never carries a secret. */
  z.object({ action: z.literal("provider_set"), name: ProviderSettingNameSchema, value: z.string().max(4_096).nullable() }),
]);
export type PanelBridgeRequest = z.infer<typeof PanelBridgeRequestSchema>;
export type PanelBridgeAction = PanelBridgeRequest["action"];

export const PanelBridgeResultSchemas = {
  state: PanelStateSchema,
  task_detail: TaskDetailSchema,
  task_stop: TaskSummarySchema,
  task_confirm: z.object({ id: TaskIdSchema, allowed: z.boolean(), status: TaskStatusSchema }),
  task_respond: TaskRespondResultSchema,
  stop_all: z.object({ stopped: z.array(TaskIdSchema), paused: z.literal(true) }),
  resume_all: z.object({ paused: z.literal(false) }),
  task_start: z.object({ id: TaskIdSchema, status: TaskStatusSchema, attachments: z.array(z.object({ id: z.string(), name: z.string(), path: z.string() })) }),
  /** The task's full trace (weboperator.task-trace/1), as the trace endpoint serves it. */
  trace: z.record(z.string(), z.unknown()),
  providers: ProviderSettingsReportSchema,
  provider_set: ProviderSettingsReportSchema,
} as const satisfies Record<PanelBridgeAction, z.ZodType>;
export type PanelBridgeResult<A extends PanelBridgeAction> = z.infer<(typeof PanelBridgeResultSchemas)[A]>;
