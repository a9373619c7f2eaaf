import type Database from "better-sqlite3";
import { guard } from "../storeGuard.js";

export interface SkillRow {
  id: string;
  signature: string;
  goal: string;
  start_url: string | null;
  /** JSON: the state hashes, in order. */
  states: string;
  /** JSON: the InteractionTrace edges replay runs. */
  edges: string;
  /** JSON: the ids of the tasks that went this way. */
  source_tasks: string;
  created_at: string;
  updated_at: string;
}

/** Skills and each finished task's state signature, in the task store's database. */
export class SkillStore {
  constructor(private readonly db: Database.Database) {}

  recordSignature(taskId: string, signature: string, at: string): void {
    guard(() => {
      this.db.prepare("INSERT OR REPLACE INTO task_signatures (task_id, signature, at) VALUES (?, ?, ?)").run(taskId, signature, at);
    }, "record the task's state signature");
  }

  /** Tasks whose trace went through this sequence of states, oldest first. */
  tasksWithSignature(signature: string): string[] {
    return guard(
      () =>
        this.db.prepare("SELECT task_id FROM task_signatures WHERE signature = ? ORDER BY at, rowid").pluck().all(signature) as string[],
      "read task signatures",
    );
  }

  insert(row: SkillRow): void {
    guard(() => {
      this.db
        .prepare(
          "INSERT INTO skills (id, signature, goal, start_url, states, edges, source_tasks, created_at, updated_at) VALUES (@id, @signature, @goal, @start_url, @states, @edges, @source_tasks, @created_at, @updated_at)",
        )
        .run(row);
    }, "store the skill");
  }

  updateSources(id: string, sourceTasks: string[], at: string): void {
    guard(() => {
      this.db.prepare("UPDATE skills SET source_tasks = ?, updated_at = ? WHERE id = ?").run(JSON.stringify(sourceTasks), at, id);
    }, "update the skill");
  }

  bySignature(signature: string): SkillRow | undefined {
    return guard(
      () => this.db.prepare("SELECT * FROM skills WHERE signature = ?").get(signature) as SkillRow | undefined,
      "read the skill",
    );
  }

  get(id: string): SkillRow | undefined {
    return guard(() => this.db.prepare("SELECT * FROM skills WHERE id = ?").get(id) as SkillRow | undefined, "read the skill");
  }

  /** The newest skill with exactly this goal. */
  byGoal(goal: string): SkillRow | undefined {
    return guard(
      () =>
        this.db.prepare("SELECT * FROM skills WHERE goal = ? ORDER BY created_at DESC, rowid DESC LIMIT 1").get(goal) as
          SkillRow | undefined,
      "read the skill",
    );
  }

  list(limit: number): SkillRow[] {
    return guard(
      () => this.db.prepare("SELECT * FROM skills ORDER BY created_at DESC, rowid DESC LIMIT ?").all(limit) as SkillRow[],
      "list skills",
    );
  }
}
