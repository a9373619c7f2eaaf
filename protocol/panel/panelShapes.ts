import { z } from "zod";
import { TabIdSchema } from "../primitives.js";
import { ProviderSettingNameSchema, ProviderSettingsReportSchema } from "../tasks/providerSettings.js";
import { TASK_COMMANDS } from "../tasks/taskCommands.js";
import { TaskConfirmationSchema, TaskIdSchema, TaskStartPayloadSchema, TaskSummarySchema } from "../tasks/taskShapes.js";

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

/**
 * The socket's tasks.* commands the panel sends under their own names, with their own payload
 * and result schemas: one vocabulary, so a command's rules hold the same from both places.
 */
/** What the panel asks the bridge (through the service worker and the native port). */
export const PanelBridgeRequestSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("tasks.get"), payload: TASK_COMMANDS["tasks.get"].payload }),
  z.object({ action: z.literal("tasks.stop"), payload: TASK_COMMANDS["tasks.stop"].payload }),
  z.object({ action: z.literal("tasks.confirm"), payload: TASK_COMMANDS["tasks.confirm"].payload }),
  z.object({ action: z.literal("tasks.respond"), payload: TASK_COMMANDS["tasks.respond"].payload }),
  z.object({ action: z.literal("tasks.providers"), payload: TASK_COMMANDS["tasks.providers"].payload }),
  z.object({ action: z.literal("tasks.artifact"), payload: TASK_COMMANDS["tasks.artifact"].payload }),
  /** tasks.start, plus the bytes of the files picked with the paperclip, which the bridge saves and attaches. */
  z.object({
    action: z.literal("tasks.start"),
    payload: TaskStartPayloadSchema.omit({ attachments: true }),
    files: z.array(PanelFileSchema).max(20),
  }),
  /** The panel's own: what it draws, the Stop-all switch, the full trace and the provider settings it may write. */
  z.object({ action: z.literal("state") }),
  z.object({ action: z.literal("stop_all") }),
  z.object({ action: z.literal("resume_all") }),
  z.object({ action: z.literal("trace"), id: TaskIdSchema }),
  /** Writes one provider setting into the settings file; null removes it. The answer never carries a secret. */
  z.object({ action: z.literal("provider_set"), name: ProviderSettingNameSchema, value: z.string().max(4_096).nullable() }),
]);
export type PanelBridgeRequest = z.infer<typeof PanelBridgeRequestSchema>;
/** What the panel writes: a command's payload before its defaults apply. */
export type PanelBridgeRequestInput = z.input<typeof PanelBridgeRequestSchema>;
export type PanelBridgeAction = PanelBridgeRequest["action"];

export const PanelBridgeResultSchemas = {
  "tasks.get": TASK_COMMANDS["tasks.get"].result,
  "tasks.stop": TASK_COMMANDS["tasks.stop"].result,
  "tasks.confirm": TASK_COMMANDS["tasks.confirm"].result,
  "tasks.respond": TASK_COMMANDS["tasks.respond"].result,
  "tasks.providers": TASK_COMMANDS["tasks.providers"].result,
  "tasks.artifact": TASK_COMMANDS["tasks.artifact"].result,
  "tasks.start": TASK_COMMANDS["tasks.start"].result.extend({
    attachments: z.array(z.object({ id: z.string(), name: z.string(), path: z.string() })),
  }),
  state: PanelStateSchema,
  stop_all: z.object({ stopped: z.array(TaskIdSchema), paused: z.literal(true) }),
  resume_all: z.object({ paused: z.literal(false) }),
  /** The task's full trace (weboperator.task-trace/1), as the trace endpoint serves it. */
  trace: z.record(z.string(), z.unknown()),
  provider_set: ProviderSettingsReportSchema,
} as const satisfies Record<PanelBridgeAction, z.ZodType>;
