import type Database from "better-sqlite3";
import { WebOperatorError } from "../../protocol/index.js";
import { guard } from "./storeGuard.js";

/** How many keys one agent may keep: memory is for notes between tasks, not a database. */
export const MAX_MEMORY_KEYS = 200;
export const MAX_MEMORY_VALUE_CHARS = 8_000;
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._:/-]{0,99}$/;

/** The scope of a task started from the side panel or the CLI's own process: the person's. */
export const USER_MEMORY_SCOPE = "user";

export interface MemoryEntry {
  value: string;
  writtenBy: string;
  updatedAt: string;
}

export function checkMemoryKey(key: string): void {
  if (!KEY_PATTERN.test(key)) {
    throw new WebOperatorError(
      "bad_request",
      `Memory key "${key.slice(0, 120)}" is not allowed: 1-100 characters, starting with a letter or digit, then letters, digits, space, '.', '_', ':', '/' or '-'.`,
    );
  }
}

/**
 * Key/value notes that outlive a task, one set per agent (the agent that started the task):
 * its later tasks read what earlier ones wrote. Each task records its scope when it starts,
 * so a task resumed after a restart keeps its agent's memory.
 */
export class MemoryStore {
  constructor(private readonly db: Database.Database) {}

  assignScope(taskId: string, scope: string): void {
    guard(() => {
      this.db.prepare("UPDATE tasks SET memory_scope = ? WHERE id = ?").run(scope, taskId);
    }, "record the task's agent");
  }

  scopeOf(taskId: string): string {
    const scope = guard(
      () => this.db.prepare("SELECT memory_scope FROM tasks WHERE id = ?").pluck().get(taskId) as string | null | undefined,
      "read the task's agent",
    );
    return scope ?? USER_MEMORY_SCOPE;
  }

  read(scope: string, key: string): MemoryEntry | null {
    checkMemoryKey(key);
    const row = guard(
      () =>
        this.db.prepare("SELECT value, written_by, updated_at FROM agent_memory WHERE scope = ? AND key = ?").get(scope, key) as
          { value: string; written_by: string; updated_at: string } | undefined,
      "read the memory",
    );
    return row === undefined ? null : { value: row.value, writtenBy: row.written_by, updatedAt: row.updated_at };
  }

  keys(scope: string): string[] {
    return guard(
      () => this.db.prepare("SELECT key FROM agent_memory WHERE scope = ? ORDER BY key").pluck().all(scope) as string[],
      "list the memory",
    );
  }

  write(scope: string, key: string, value: string, taskId: string, at: string): void {
    checkMemoryKey(key);
    if (value.length > MAX_MEMORY_VALUE_CHARS) {
      throw new WebOperatorError(
        "payload_too_large",
        `A memory value holds at most ${MAX_MEMORY_VALUE_CHARS} characters (this one has ${value.length}); keep a summary, or save the whole text with create_artifact.`,
      );
    }
    guard(() => {
      this.db.transaction(() => {
        const exists = this.db.prepare("SELECT 1 FROM agent_memory WHERE scope = ? AND key = ?").get(scope, key) !== undefined;
        const count = this.db.prepare("SELECT COUNT(*) FROM agent_memory WHERE scope = ?").pluck().get(scope) as number;
        if (!exists && count >= MAX_MEMORY_KEYS) {
          throw new WebOperatorError(
            "payload_too_large",
            `This agent's memory is full (${MAX_MEMORY_KEYS} keys); overwrite a key you no longer need.`,
          );
        }
        this.db
          .prepare(
            "INSERT INTO agent_memory (scope, key, value, written_by, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (scope, key) DO UPDATE SET value = excluded.value, written_by = excluded.written_by, updated_at = excluded.updated_at",
          )
          .run(scope, key, value, taskId, at);
      })();
    }, "write the memory");
  }
}
