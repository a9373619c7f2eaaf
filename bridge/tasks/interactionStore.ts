import type Database from "better-sqlite3";
import { TaskInteractionSchema, type ErrorCode, type TaskInteraction } from "../../protocol/index.js";
import { guard } from "./storeGuard.js";

/**
 * How an interaction ended, as the model gets it: the person's text for a question, done or
 * not for a user action; for a watch, whether the text did what was awaited before the
 * deadline; for a schedule, when the task went on.
 */
export type InteractionAnswer = { text: string } | { done: boolean } | TimedWaitOutcome;

/** How a watch or a schedule ended: a watch's text did what was awaited (or the deadline came, or its tab failed); a schedule's time came. */
export type TimedWaitOutcome = { matched: boolean; at: string; error?: { code: ErrorCode; message: string } } | { resumedAt: string };

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
  return {
    interaction: TaskInteractionSchema.parse(JSON.parse(row.request)),
    answer: row.answer === null ? null : (JSON.parse(row.answer) as InteractionAnswer),
  };
}

/**
 * What tasks wait on (ask_user, request_user_action, watch_page, schedule_resume) and how
 * each wait ended, so a wait survives the bridge: an interrupted task keeps its question, the
 * person can still answer it, a watch or a schedule goes on after a restart with its own
 * deadline, and the resumed provider gets the stored outcome instead of asking twice.
 */
export class InteractionStore {
  constructor(private readonly db: Database.Database) {}

  /** The request a provider made under this key, with its answer if it has one. */
  byKey(taskId: string, sourceKey: string): StoredInteraction | undefined {
    const row = guard(
      () =>
        this.db.prepare("SELECT * FROM interactions WHERE task_id = ? AND source_key = ?").get(taskId, sourceKey) as
          InteractionRow | undefined,
      "read the interaction",
    );
    return row === undefined ? undefined : storedOf(row);
  }

  insert(taskId: string, sourceKey: string, interaction: TaskInteraction): void {
    guard(() => {
      this.db
        .prepare(
          "INSERT INTO interactions (id, task_id, source_key, request, requested_at, answer, answered_at) VALUES (?, ?, ?, ?, ?, NULL, NULL)",
        )
        .run(interaction.id, taskId, sourceKey, JSON.stringify(interaction), interaction.requestedAt);
    }, "record the interaction");
  }

  answer(id: string, answer: InteractionAnswer, at: string): void {
    guard(() => {
      this.db
        .prepare("UPDATE interactions SET answer = ?, answered_at = ? WHERE id = ? AND answer IS NULL")
        .run(JSON.stringify(answer), at, id);
    }, "record the interaction's answer");
  }

  /** The request the task waits on, if any. */
  pending(taskId: string): TaskInteraction | null {
    const row = guard(
      () =>
        this.db
          .prepare("SELECT * FROM interactions WHERE task_id = ? AND answer IS NULL ORDER BY requested_at DESC, rowid DESC LIMIT 1")
          .get(taskId) as InteractionRow | undefined,
      "read the pending interaction",
    );
    return row === undefined ? null : storedOf(row).interaction;
  }
}
