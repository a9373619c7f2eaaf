import type { BodyReplayEdge, SkillDetail, SkillSummary } from "../../../protocol/index.js";
import type { SkillRow } from "./skillStore.js";

export function skillSummary(row: SkillRow): SkillSummary {
  return {
    id: row.id,
    goal: row.goal,
    startUrl: row.start_url,
    states: JSON.parse(row.states) as string[],
    steps: (JSON.parse(row.edges) as unknown[]).length,
    sourceTasks: JSON.parse(row.source_tasks) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function skillDetail(row: SkillRow): SkillDetail {
  return { ...skillSummary(row), edges: JSON.parse(row.edges) as BodyReplayEdge[] };
}
