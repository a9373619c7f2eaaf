import { randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import { TaskInteractionSchema, type ErrorCode, type TaskInteraction } from "../../protocol/index.js";
import { guard } from "./storeGuard.js";

/**
 * What a task waits on: a person ask (a question, or a step only the person may do in the
 * browser) or a timed wait (a watch of its page, a schedule). The wire, and the store's
 * `interactions` table, still call this an interaction (TaskInteraction, waiting_interaction).
 */
export type AskOrWait = TaskInteraction;

/** A person ask: what tasks.respond answers. */
export type PersonAsk = Extract<AskOrWait, { type: "question" | "user_action" }>;

/** The person's answer to an ask: their text for a question, done or not for a step in the browser. */
export type PersonAnswer = { text: string } | { done: boolean };

/** How a watch or a schedule ended: a watch's text did what was awaited (or the deadline came, or its tab failed); a schedule's time came. */
export type TimedWaitOutcome = { matched: boolean; at: string; error?: { code: ErrorCode; message: string } } | { resumedAt: string };

/** How an ask or a wait ended, as the model gets it. */
export type AskOrWaitOutcome = PersonAnswer | TimedWaitOutcome;

interface AskOrWaitRow {
  id: string;
  task_id: string;
  /** The provider's own name for the request (its tool_use id, or its turn): asked again after a resume, it finds this row. */
  source_key: string;
  /** JSON: the AskOrWait. */
  request: string;
  requested_at: string;
  /** JSON: the AskOrWaitOutcome; null while it waits. */
  answer: string | null;
  answered_at: string | null;
}

export interface StoredAskOrWait {
  request: AskOrWait;
  outcome: AskOrWaitOutcome | null;
}

function storedOf(row: AskOrWaitRow): StoredAskOrWait {
  return {
    request: TaskInteractionSchema.parse(JSON.parse(row.request)),
    outcome: row.answer === null ? null : (JSON.parse(row.answer) as AskOrWaitOutcome),
  };
}

/**
 * The asks and waits of tasks (ask_user, request_user_action, watch_page, schedule_resume) and
 * how each ended, so one survives the bridge: an interrupted task keeps its question, the
 * person can still answer it, a watch or a schedule goes on after a restart with its own
 * deadline, and the resumed provider gets the stored outcome instead of asking twice.
 */
export class AsksAndWaitsStore {
  constructor(private readonly db: Database.Database) {}

  /** The request a provider made under this key with its outcome, or the one `build` makes, stored now. */
  byKeyOrNew(taskId: string, sourceKey: string, build: (base: { id: string; requestedAt: string }) => AskOrWait): StoredAskOrWait {
    const known = this.byKey(taskId, sourceKey);
    if (known !== undefined) return known;
    const request = build({ id: `ti_${randomBytes(6).toString("hex")}`, requestedAt: new Date().toISOString() });
    this.insert(taskId, sourceKey, request);
    return { request, outcome: null };
  }

  /** The request a provider made under this key, with its outcome if it has one. */
  byKey(taskId: string, sourceKey: string): StoredAskOrWait | undefined {
    const row = guard(
      () =>
        this.db.prepare("SELECT * FROM interactions WHERE task_id = ? AND source_key = ?").get(taskId, sourceKey) as
          AskOrWaitRow | undefined,
      "read the ask or wait",
    );
    return row === undefined ? undefined : storedOf(row);
  }

  insert(taskId: string, sourceKey: string, request: AskOrWait): void {
    guard(() => {
      this.db
        .prepare(
          "INSERT INTO interactions (id, task_id, source_key, request, requested_at, answer, answered_at) VALUES (?, ?, ?, ?, ?, NULL, NULL)",
        )
        .run(request.id, taskId, sourceKey, JSON.stringify(request), request.requestedAt);
    }, "record the ask or wait");
  }

  /** Records how it ended; the first outcome stands. */
  settle(id: string, outcome: AskOrWaitOutcome, at: string): void {
    guard(() => {
      this.db
        .prepare("UPDATE interactions SET answer = ?, answered_at = ? WHERE id = ? AND answer IS NULL")
        .run(JSON.stringify(outcome), at, id);
    }, "record how the ask or wait ended");
  }

  /** The ask or wait the task waits on now, if any. */
  pending(taskId: string): AskOrWait | null {
    const row = guard(
      () =>
        this.db
          .prepare("SELECT * FROM interactions WHERE task_id = ? AND answer IS NULL ORDER BY requested_at DESC, rowid DESC LIMIT 1")
          .get(taskId) as AskOrWaitRow | undefined,
      "read the pending ask or wait",
    );
    return row === undefined ? null : storedOf(row).request;
  }
}
