import { z } from "zod";
import { BodyReplayEdgeSchema } from "../adapters/bodyActions.js";
import { TaskIdSchema } from "./taskShapes.js";

/**
 * Skills: a path through a site's states that succeeded in two or more tasks, kept so
 * tasks.start {skill} can replay it with no model (body-browser-capability: procedural
 * crystallization into a SkillCandidate).
 */

export const SkillIdSchema = z.string().min(1).max(64);

export const SkillSummarySchema = z.object({
  id: SkillIdSchema,
  /** The goal of the task it was learnt from. */
  goal: z.string(),
  /** Where it starts: the page its first step loads. */
  startUrl: z.string().nullable(),
  /** The distinct page states it passes through, in order (encode_state hashes). */
  states: z.array(z.string()),
  /** How many steps replay runs. */
  steps: z.number().int(),
  /** The tasks whose traces went through this sequence of states, oldest first. */
  sourceTasks: z.array(TaskIdSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SkillSummary = z.infer<typeof SkillSummarySchema>;

export const SkillDetailSchema = SkillSummarySchema.extend({
  /** The InteractionTrace edges replay runs (body.replay takes them as they are). */
  edges: z.array(BodyReplayEdgeSchema),
});
export type SkillDetail = z.infer<typeof SkillDetailSchema>;

export const SkillListPayloadSchema = z.strictObject({ limit: z.number().int().min(1).max(500).default(50) });
export const SkillListResultSchema = z.object({ skills: z.array(SkillSummarySchema) });
export const SkillIdPayloadSchema = z.strictObject({ id: SkillIdSchema });
