import { newUntrustedBoundary, type SkillDetail, type TaskArtifact } from "../../../protocol/index.js";
import type { MemoryEntry } from "../memoryStore.js";

/**
 * A note as the model reads it back. Notes may quote pages an earlier task read, and other
 * tasks of the agent wrote them, so the value goes inside the page-data markers.
 */
export function memoryReadText(key: string, entry: MemoryEntry | null, keys: readonly string[]): string {
  if (entry === null) return `Nothing is stored under "${key}". Keys in this agent's memory: ${keys.length === 0 ? "none" : keys.join(", ")}.`;
  return `The note under "${key}" (written by ${entry.writtenBy} at ${entry.updatedAt}), which may quote pages:\n${newUntrustedBoundary().wrap(entry.value)}`;
}

/** A skill as a guide: its goal and start, then each recorded action, whose names and URLs came from pages. */
export function skillText(skill: SkillDetail): string {
  const actions = skill.edges.flatMap((edge, index) => (edge.body_actions ?? []).map((action) => `${index + 1}. ${JSON.stringify(action)}`));
  return [
    `Skill ${skill.id}: "${skill.goal}", learnt from tasks ${skill.sourceTasks.join(", ")}; ${skill.steps} recorded steps through ${skill.states.length} page states.`,
    `It starts at ${skill.startUrl ?? "the page the task was on"}. Its recorded actions, a guide only (the pages may have changed: read each page before acting):`,
    newUntrustedBoundary().wrap(actions.join("\n") || "(no actions recorded)"),
  ].join("\n");
}

export function artifactSavedText(artifact: TaskArtifact): string {
  return `Saved "${artifact.name}" (${artifact.size} bytes, ${artifact.mimeType}) with this task; the user gets it from tasks.get and tasks.artifact.`;
}
