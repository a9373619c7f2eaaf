import { command, type CommandSpec } from "../commandSpec.js";
import { SkillDetailSchema, SkillIdPayloadSchema, SkillListPayloadSchema, SkillListResultSchema } from "./skillShapes.js";

/** Stored skills; the task engine answers them (tasks.start {skill} replays one). */
export const SKILL_COMMANDS = {
  "skills.list": command({
    trust: "page",
    payload: SkillListPayloadSchema,
    result: SkillListResultSchema,
    handledBy: "bridge",
    group: "tasks",
    description:
      "Skills learnt from finished tasks.\n\nA skill comes from tasks whose traces went through the same sequence of page states, newest first: {skills [{id, goal, startUrl, states, steps, sourceTasks, createdAt, updatedAt}]}.",
    example: { limit: 10 },
    effects: "read",
    gated: false,
  }),
  "skills.get": command({
    trust: "page",
    payload: SkillIdPayloadSchema,
    result: SkillDetailSchema,
    handledBy: "bridge",
    group: "tasks",
    description: "One skill with the steps it replays.\n\nIts InteractionTrace edges, as body.replay {edges} takes them.",
    example: { id: "skill_0123456789ab" },
    effects: "read",
    gated: false,
    cli: { positionals: ["id"] },
  }),
} as const satisfies Record<string, CommandSpec>;
