import type Database from "better-sqlite3";
import { TaskInteractionSchema, type TaskInteraction } from "../../protocol/index.js";
import { guard } from "./storeGuard.js";

/** The person's answer as the model gets it: text for a question, done or not for a user action. */
export type InteractionAnswer = { text: string } | { done: boolean };

interface InteractionRow {
  id: string;
  task_id: string;
  /** The provider's own name for the request (its tool_use id, or its turn): asked again after a resume, it finds this row. */
  source_key: string;
  /** JSON: the TaskInteraction. */
  request: string;
  requested_at: string;
  /** JSON: the InteractionAnswer; null while it waits. */
  answer: string | null;
  answered_at: string | null;
}

export interface StoredInteraction {
  interaction: TaskInteraction;
  answer: InteractionAnswer | null;
}

function storedOf(row: InteractionRow): StoredInteraction {
  return { interaction: TaskInteractionSchema.parse(JSON.parse(row.request)), answer: row.answer === null ? null : (JSON.parse(row.answer) as InteractionAnswer) };
}

/**
 * What tasks asked of the person (ask_user, request_user_action) and what they answered,
 * so a wait survives the bridge: an interrupted task keeps its question, the person can
 * still answer it, and the resumed provider gets that answer instead of asking twice.
 */
export class InteractionStore {
  constructor(private readonly db: Database.Database) {}

  /** The request a provider made under this key, with its answer if it has one. */
  byKey(taskId: string, sourceKey: string): StoredInteraction | undefined {
    const row = guard(() => this.db.prepare("SELECT * FROM interactions WHERE task_id = ? AND source_key = ?").get(taskId, sourceKey) as InteractionRow | undefined, "read the interaction");
    return row === undefined ? undefined : storedOf(row);
  }

  insert(taskId: string, sourceKey: string, interaction: TaskInteraction): void {
    guard(() => {
      this.db
        .prepare("INSERT INTO interactions (id, task_id, source_key, request, requested_at, answer, answered_at) VALUES (?, ?, ?, ?, ?, NULL, NULL)")
        .run(interaction.id, taskId, sourceKey, JSON.stringify(interaction), interaction.requestedAt);
    }, "record the interaction");
  }

  answer(id: string, answer: InteractionAnswer, at: string): void {
    guard(() => {
      this.db.prepare("UPDATE interactions SET answer = ?, answered_at = ? WHERE id = ? AND answer IS NULL").run(JSON.stringify(answer), at, id);
    }, "record the interaction's answer");
  }

  /** The request the task waits on, if any. */
  pending(taskId: string): TaskInteraction | null {
    const row = guard(
      () => this.db.prepare("SELECT * FROM interactions WHERE task_id = ? AND answer IS NULL ORDER BY requested_at DESC, rowid DESC LIMIT 1").get(taskId) as InteractionRow | undefined,
      "read the pending interaction",
    );
    return row === undefined ? null : storedOf(row).interaction;
  }
}
