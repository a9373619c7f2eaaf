import { createHash, randomBytes } from "node:crypto";
import { BodyReplayEdgeSchema, type BodyReplayEdge, type SkillSummary } from "../../../protocol/index.js";
import type { StepRow } from "../taskRows.js";
import type { TaskStore } from "../taskStore.js";
import { skillSummary } from "./skillViews.js";

/** A finished task's path, as a skill would replay it. */
export interface SkillCandidate {
  signature: string;
  states: string[];
  edges: BodyReplayEdge[];
  startUrl: string | null;
}

function edgesOf(steps: readonly StepRow[]): BodyReplayEdge[] {
  return steps.flatMap((step) => {
    const parsed = step.edge === null ? undefined : BodyReplayEdgeSchema.safeParse(JSON.parse(step.edge) as unknown);
    return parsed?.success === true ? [parsed.data] : [];
  });
}

/**
 * The states a task went through, without repeats, and its edges (one per step that acted:
 * a read is no edge). Null when the path cannot be replayed: a step no
 * typed action expresses, a state the task could not perceive, or nothing done at all.
 */
export function skillCandidate(steps: readonly StepRow[]): SkillCandidate | null {
  const succeeded = edgesOf(steps).filter((edge) => edge.outcome_status === "success");
  if (succeeded.some((edge) => edge.not_replayable !== undefined)) return null;
  const acting = succeeded.filter((edge) => (edge.body_actions?.length ?? 0) > 0);
  if (acting.length === 0 || acting.some((edge) => edge.state_after === null || edge.state_after === undefined)) return null;
  const states: string[] = [];
  for (const edge of succeeded) {
    for (const state of [edge.state_before, edge.state_after]) {
      if (typeof state === "string" && states.at(-1) !== state) states.push(state);
    }
  }
  if (states.length < 2) return null;
  const first = acting[0]?.body_actions?.[0] as { type?: string; url?: string } | undefined;
  return {
    signature: createHash("sha256").update(JSON.stringify(states)).digest("hex"),
    states,
    edges: acting,
    startUrl: first?.type === "navigate" && typeof first.url === "string" ? first.url : null,
  };
}

/**
 * On a task's success: remember its sequence of states, and when an earlier task went
 * through the same sequence and no skill holds it yet, store one from this task's edges.
 * Answers the new skill (for the skills:detected event), else null.
 */
export function noticeSkill(store: TaskStore, taskId: string, goal: string, at: string): SkillSummary | null {
  const candidate = skillCandidate(store.steps(taskId));
  if (candidate === null) return null;
  const skills = store.skills;
  skills.recordSignature(taskId, candidate.signature, at);
  const tasks = skills.tasksWithSignature(candidate.signature);
  if (tasks.length < 2) return null;
  const known = skills.bySignature(candidate.signature);
  if (known !== undefined) {
    skills.updateSources(known.id, tasks, at);
    return null;
  }
  const row = {
    id: `skill_${randomBytes(6).toString("hex")}`,
    signature: candidate.signature,
    goal,
    start_url: candidate.startUrl,
    states: JSON.stringify(candidate.states),
    edges: JSON.stringify(candidate.edges),
    source_tasks: JSON.stringify(tasks),
    created_at: at,
    updated_at: at,
  };
  skills.insert(row);
  return skillSummary(row);
}
