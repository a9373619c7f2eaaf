import { WebOperatorError, type SkillDetail, type TaskArtifact } from "../../protocol/index.js";
import type { MemoryEntry } from "./memoryStore.js";
import { saveArtifact, type NewArtifact } from "./artifactFiles.js";
import { artifactView } from "./taskViews.js";
import { skillDetail } from "./skills/skillViews.js";
import type { TaskStore } from "./taskStore.js";
import type { TaskContext } from "./taskTypes.js";

const now = (): string => new Date().toISOString();

type RecordsOfTask = Pick<TaskContext, "memory" | "createArtifact" | "loadSkill" | "saveConversation" | "recordModelCall" | "addUsage">;

/**
 * What a task keeps in the store beside its steps: its agent's memory, the files it creates,
 * the skills it may load, its conversation, its model calls and its token usage.
 */
export class TaskRecords implements RecordsOfTask {
  private modelCallIndex = -1;

  constructor(
    readonly id: string,
    private readonly store: TaskStore,
    /** The task's own folder for the files it creates. */
    private readonly artifactsFolder: string,
  ) {}

  readonly memory = {
    read: (key: string): MemoryEntry | null => this.store.memory.read(this.store.memory.scopeOf(this.id), key),
    write: (key: string, value: string): void => this.store.memory.write(this.store.memory.scopeOf(this.id), key, value, this.id, now()),
    keys: (): string[] => this.store.memory.keys(this.store.memory.scopeOf(this.id)),
  };

  async createArtifact(artifact: NewArtifact): Promise<TaskArtifact> {
    return artifactView(await saveArtifact(this.store.artifacts, this.artifactsFolder, this.id, artifact, now()));
  }

  loadSkill(name: string): SkillDetail {
    const skills = this.store.skills;
    const skill = skills.get(name) ?? skills.byGoal(name);
    if (skill === undefined) {
      const known =
        skills
          .list(20)
          .map((row) => `${row.id} ("${row.goal.slice(0, 80)}")`)
          .join(", ") || "none yet";
      throw new WebOperatorError(
        "not_found",
        `No skill is named "${name.slice(0, 200)}": give a skill id or a skill's exact goal. Stored skills: ${known}.`,
      );
    }
    return skillDetail(skill);
  }

  saveConversation(messages: unknown): void {
    this.store.updateTask(this.id, { conversation: JSON.stringify(messages), updated_at: now() });
  }

  recordModelCall(request: unknown, response: unknown, error: string | null, startedAt: number): void {
    if (this.modelCallIndex < 0) this.modelCallIndex = this.store.modelCalls(this.id).length;
    this.store.insertModelCall({
      task_id: this.id,
      idx: this.modelCallIndex++,
      request: JSON.stringify(request),
      response: response === null ? null : JSON.stringify(response),
      error,
      started_at: new Date(startedAt).toISOString(),
      duration_ms: Date.now() - startedAt,
    });
  }

  addUsage(inputTokens: number, outputTokens: number): void {
    const row = this.store.getTask(this.id);
    if (row === undefined) return;
    this.store.updateTask(this.id, {
      input_tokens: row.input_tokens + inputTokens,
      output_tokens: row.output_tokens + outputTokens,
      model_calls: row.model_calls + 1,
    });
  }
}
