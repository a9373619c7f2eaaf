import { z } from "zod";
import {
  TaskConfirmationSchema,
  TaskErrorSchema,
  TaskIdSchema,
  TaskInteractionSchema,
  TaskStatusSchema,
  TaskSummarySchema,
} from "./taskShapes.js";
import { SkillSummarySchema } from "./skillShapes.js";

/**
 * Live task events. They never carry screenshots, whole snapshots, prompts or thinking
 * text: those stay in tasks.get and the trace.
 */
export const TaskUpdateEventSchema = z.object({
  kind: z.literal("task:update"),
  taskId: TaskIdSchema,
  status: TaskStatusSchema,
  previousStatus: TaskStatusSchema.nullable(),
  at: z.string(),
  /** Set while the task waits for tasks.confirm. */
  confirmation: TaskConfirmationSchema.optional(),
  /** Set while the task waits for tasks.respond (waiting_interaction). */
  interaction: TaskInteractionSchema.optional(),
  answer: z.string().optional(),
  error: TaskErrorSchema.optional(),
  /** The task as tasks.get summarises it after this change, as the protocol's event shows it. */
  task: TaskSummarySchema.optional(),
});

export const TaskStepEventSchema = z.object({
  kind: z.literal("task:step"),
  taskId: TaskIdSchema,
  at: z.string(),
  step: z.object({
    index: z.number().int(),
    action: z.string(),
    /** The call's input with long strings cut to 200 chars. */
    input: z.unknown(),
    ok: z.boolean(),
    summary: z.string().max(500),
    errorCode: z.string().nullable(),
    durationMs: z.number(),
  }),
});

export const TaskErrorEventSchema = z.object({
  kind: z.literal("task:error"),
  taskId: TaskIdSchema,
  at: z.string(),
  code: z.string(),
  message: z.string(),
});

/** A finished task went through the same sequence of page states as an earlier one: a new skill was stored. */
export const SkillDetectedEventSchema = z.object({
  kind: z.literal("skills:detected"),
  /** The task whose finish completed the match. */
  taskId: TaskIdSchema,
  at: z.string(),
  skill: SkillSummarySchema,
});

export const TaskEventSchema = z.discriminatedUnion("kind", [
  TaskUpdateEventSchema,
  TaskStepEventSchema,
  TaskErrorEventSchema,
  SkillDetectedEventSchema,
]);
export type TaskEvent = z.infer<typeof TaskEventSchema>;
