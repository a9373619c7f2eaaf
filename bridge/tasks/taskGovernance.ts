import type Database from "better-sqlite3";
import { AgentGovernanceSchema, type AgentGovernance } from "../../protocol/index.js";
import { guard } from "./storeGuard.js";

/**
 * The governance a task runs under: its starting agent's at tasks.start, kept with the task
 * so a task resumed after a bridge restart (or after its agent disconnected) stays bound.
 */
export class TaskGovernanceStore {
  constructor(private readonly db: Database.Database) {}

  set(taskId: string, governance: AgentGovernance): void {
    guard(() => {
      this.db.prepare("UPDATE tasks SET governance = ? WHERE id = ?").run(JSON.stringify(governance), taskId);
    }, "record the task's governance");
  }

  /** Undefined for a task started without governance; a stored value that no longer parses fails loudly rather than unbinding it. */
  of(taskId: string): AgentGovernance | undefined {
    const text = guard(
      () => this.db.prepare("SELECT governance FROM tasks WHERE id = ?").pluck().get(taskId) as string | null | undefined,
      "read the task's governance",
    );
    if (text === null || text === undefined) return undefined;
    return AgentGovernanceSchema.parse(JSON.parse(text));
  }
}
