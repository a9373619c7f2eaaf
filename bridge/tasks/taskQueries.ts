import { WebOperatorError, type TaskArtifact, type TaskDetail, type TaskStatus, type TaskSummary } from "../../protocol/index.js";
import { providerSettingsFile } from "../config/paths.js";
import { providerReport } from "../config/resolvedProviderSettings.js";
import { readArtifact } from "./artifactFiles.js";
import type { SkillRow } from "./skills/skillStore.js";
import { skillDetail, skillSummary } from "./skills/skillViews.js";
import type { TaskRow } from "./taskRows.js";
import type { TaskStore } from "./taskStore.js";
import { artifactView, taskDetail, taskSummary } from "./taskViews.js";

/** The reads of tasks.* and skills.*: what the store holds, changing nothing. */
export class TaskQueries {
  constructor(
    /** The open store; throws store_unavailable when it could not be opened. */
    private readonly store: () => TaskStore,
    private readonly env: NodeJS.ProcessEnv,
    private readonly configDir: string,
  ) {}

  providers(): ReturnType<typeof providerReport> {
    return providerReport(this.env, providerSettingsFile(this.configDir));
  }

  list({ status, limit }: { status?: TaskStatus | TaskStatus[] | undefined; limit: number }): { tasks: TaskSummary[] } {
    const store = this.store();
    const statuses = status === undefined ? undefined : Array.isArray(status) ? status : [status];
    return { tasks: store.listTasks(statuses, limit).map((row) => taskSummary(store, row)) };
  }

  get(id: string): TaskDetail {
    return taskDetail(this.store(), this.row(id));
  }

  /** A file the task created, with its content. */
  async artifact({ id, name }: { id: string; name: string }): Promise<TaskArtifact & { id: string; content: string }> {
    const store = this.store();
    this.row(id);
    const row = store.artifacts.get(id, name);
    if (row === undefined) {
      const names =
        store.artifacts
          .list(id)
          .map((artifact) => artifact.name)
          .join(", ") || "none";
      throw new WebOperatorError("not_found", `Task ${id} has no artifact "${name}" (its artifacts: ${names}).`);
    }
    return { id, ...artifactView(row), content: await readArtifact(row) };
  }

  skillList(limit: number): { skills: ReturnType<typeof skillSummary>[] } {
    return { skills: this.store().skills.list(limit).map(skillSummary) };
  }

  skillGet(id: string): ReturnType<typeof skillDetail> {
    return skillDetail(this.skill(id));
  }

  /** The full stored record of one task, for the trace endpoint. */
  traceSource(id: string): { store: TaskStore; row: TaskRow } | null {
    const store = this.store();
    const row = store.getTask(id);
    return row === undefined ? null : { store, row };
  }

  summary(id: string): TaskSummary {
    return taskSummary(this.store(), this.row(id));
  }

  row(id: string): TaskRow {
    const row = this.store().getTask(id);
    if (row === undefined) throw new WebOperatorError("not_found", `No task ${id}. tasks.list shows the known tasks.`);
    return row;
  }

  skill(id: string): SkillRow {
    const skill = this.store().skills.get(id);
    if (skill === undefined) throw new WebOperatorError("not_found", `No skill ${id}. skills.list shows the stored skills.`);
    return skill;
  }
}
