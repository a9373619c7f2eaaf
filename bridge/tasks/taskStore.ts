import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { WebOperatorError, type TaskStatus } from "../../protocol/index.js";
import type { AttachmentRow, ConfirmationRow, EventRow, ModelCallRow, StepRow, TaskRow } from "./taskRows.js";
import { migrateStore } from "./storeSchema.js";
import { guard } from "./storeGuard.js";
import { SkillStore } from "./skills/skillStore.js";
import { AsksAndWaitsStore } from "./asksAndWaitsStore.js";
import { MemoryStore } from "./memoryStore.js";
import { ArtifactStore } from "./artifactStore.js";
import { TaskGovernanceStore } from "./taskGovernance.js";

type TaskPatch = Partial<Omit<TaskRow, "id" | "created_at">>;

/** Every status a task can hold while something in this process drives it. */
const LIVE_STATUSES: TaskStatus[] = ["queued", "running", "waiting_confirmation", "waiting_interaction", "paused"];

/**
 * The durable record of every task (SQLite, WAL, in the config dir). Every method is
 * synchronous, so a step is on disk before the caller goes on to announce it. Any
 * SQLite failure (read-only folder, full disk, corrupt file) becomes `store_unavailable`.
 */
export class TaskStore {
  private constructor(
    private readonly db: Database.Database,
    readonly path: string,
  ) {}

  static open(dir: string): TaskStore {
    const path = join(dir, "tasks.sqlite");
    return guard(() => {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const db = new Database(path);
      try {
        db.pragma("journal_mode = WAL");
        db.pragma("synchronous = NORMAL");
        db.pragma("busy_timeout = 2000");
        migrateStore(db, path);
      } catch (error) {
        db.close();
        throw error;
      }
      return new TaskStore(db, path);
    }, `open the task store at ${path}`);
  }

  /**
   * Opens the store at bridge start, marking the tasks the last bridge left live as interrupted;
   * answers why it could not (store_unavailable), so tasks.* can say so while the rest runs.
   */
  static openAfterRestart(dir: string, at: string): TaskStore | WebOperatorError {
    let store: TaskStore | null = null;
    try {
      store = TaskStore.open(dir);
      store.markInterrupted(at);
      return store;
    } catch (error) {
      store?.close();
      return error instanceof WebOperatorError ? error : new WebOperatorError("store_unavailable", String(error));
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Runs `write` as one transaction: all of its writes land, or none. */
  atomically<T>(write: () => T): T {
    return guard(() => this.db.transaction(write)(), "write the task");
  }

  private asksAndWaitsStore: AsksAndWaitsStore | undefined;

  /** What tasks asked of the person and waited on, and how each ended, in the same database. */
  get asksAndWaits(): AsksAndWaitsStore {
    this.asksAndWaitsStore ??= new AsksAndWaitsStore(this.db);
    return this.asksAndWaitsStore;
  }

  private memoryStore: MemoryStore | undefined;

  /** Each agent's notes between tasks, in the same database. */
  get memory(): MemoryStore {
    this.memoryStore ??= new MemoryStore(this.db);
    return this.memoryStore;
  }

  private governanceStore: TaskGovernanceStore | undefined;

  /** The governance each task runs under, in the same database. */
  get governance(): TaskGovernanceStore {
    this.governanceStore ??= new TaskGovernanceStore(this.db);
    return this.governanceStore;
  }

  private artifactStore: ArtifactStore | undefined;

  /** The files tasks created, in the same database. */
  get artifacts(): ArtifactStore {
    this.artifactStore ??= new ArtifactStore(this.db);
    return this.artifactStore;
  }

  private skillStore: SkillStore | undefined;

  /** The skills learnt from these tasks, in the same database. */
  get skills(): SkillStore {
    this.skillStore ??= new SkillStore(this.db);
    return this.skillStore;
  }

  /** On bridge start: nothing drives tasks that were live in a previous process any more. */
  markInterrupted(at: string): string[] {
    return guard(() => {
      const marks = LIVE_STATUSES.map(() => "?").join(",");
      const ids = this.db
        .prepare(`SELECT id FROM tasks WHERE status IN (${marks})`)
        .pluck()
        .all(...LIVE_STATUSES) as string[];
      this.db
        .prepare(
          `UPDATE tasks SET status = 'interrupted', updated_at = ?, error_code = 'interrupted', error_message = ? WHERE status IN (${marks})`,
        )
        .run(
          at,
          "The bridge stopped while this task ran; its steps are kept. tasks.resume continues it from the stored conversation.",
          ...LIVE_STATUSES,
        );
      this.db.prepare(`UPDATE confirmations SET answer = 'expired', answered_at = ? WHERE answer = 'pending'`).run(at);
      return ids;
    }, "mark interrupted tasks");
  }

  insertTask(row: TaskRow): void {
    guard(() => {
      const columns = Object.keys(row);
      this.db.prepare(`INSERT INTO tasks (${columns.join(",")}) VALUES (${columns.map((c) => "@" + c).join(",")})`).run(row);
    }, "record the task");
  }

  updateTask(id: string, patch: TaskPatch): void {
    guard(() => {
      const columns = Object.keys(patch);
      if (columns.length === 0) return;
      this.db.prepare(`UPDATE tasks SET ${columns.map((c) => `${c} = @${c}`).join(", ")} WHERE id = @id`).run({ ...patch, id });
    }, "update the task");
  }

  getTask(id: string): TaskRow | undefined {
    return guard(() => this.db.prepare("SELECT * FROM tasks WHERE id = ?").get(id) as TaskRow | undefined, "read the task");
  }

  listTasks(statuses: TaskStatus[] | undefined, limit: number): TaskRow[] {
    return guard(() => {
      if (statuses === undefined)
        return this.db.prepare("SELECT * FROM tasks ORDER BY created_at DESC, rowid DESC LIMIT ?").all(limit) as TaskRow[];
      const marks = statuses.map(() => "?").join(",");
      return this.db
        .prepare(`SELECT * FROM tasks WHERE status IN (${marks}) ORDER BY created_at DESC, rowid DESC LIMIT ?`)
        .all(...statuses, limit) as TaskRow[];
    }, "list tasks");
  }

  insertStep(row: StepRow): void {
    guard(() => {
      this.db
        .prepare(
          "INSERT INTO steps (task_id, idx, action, input, ok, summary, error_code, result, edge, started_at, duration_ms) VALUES (@task_id, @idx, @action, @input, @ok, @summary, @error_code, @result, @edge, @started_at, @duration_ms)",
        )
        .run(row);
    }, "record the step");
  }

  steps(taskId: string): StepRow[] {
    return guard(() => this.db.prepare("SELECT * FROM steps WHERE task_id = ? ORDER BY idx").all(taskId) as StepRow[], "read steps");
  }

  stepCount(taskId: string): number {
    return guard(() => this.db.prepare("SELECT COUNT(*) FROM steps WHERE task_id = ?").pluck().get(taskId) as number, "count steps");
  }

  insertEvent(taskId: string, kind: string, body: string, at: string): void {
    guard(() => {
      this.db.prepare("INSERT INTO events (task_id, kind, body, at) VALUES (?, ?, ?, ?)").run(taskId, kind, body, at);
    }, "record the event");
  }

  events(taskId: string): EventRow[] {
    return guard(() => this.db.prepare("SELECT * FROM events WHERE task_id = ? ORDER BY seq").all(taskId) as EventRow[], "read events");
  }

  insertConfirmation(row: ConfirmationRow): void {
    guard(() => {
      const columns = Object.keys(row);
      this.db.prepare(`INSERT INTO confirmations (${columns.join(",")}) VALUES (${columns.map((c) => "@" + c).join(",")})`).run(row);
    }, "record the confirmation");
  }

  answerConfirmation(id: string, answer: ConfirmationRow["answer"], at: string): void {
    guard(() => {
      this.db.prepare("UPDATE confirmations SET answer = ?, answered_at = ? WHERE id = ?").run(answer, at, id);
    }, "record the confirmation's answer");
  }

  pendingConfirmation(taskId: string): ConfirmationRow | undefined {
    return guard(
      () =>
        this.db
          .prepare("SELECT * FROM confirmations WHERE task_id = ? AND answer = 'pending' ORDER BY requested_at DESC LIMIT 1")
          .get(taskId) as ConfirmationRow | undefined,
      "read the pending confirmation",
    );
  }

  confirmations(taskId: string): ConfirmationRow[] {
    return guard(
      () => this.db.prepare("SELECT * FROM confirmations WHERE task_id = ? ORDER BY requested_at").all(taskId) as ConfirmationRow[],
      "read confirmations",
    );
  }

  insertAttachment(row: AttachmentRow): void {
    guard(() => {
      this.db
        .prepare(
          "INSERT INTO attachments (task_id, id, name, mime_type, stored_path, size) VALUES (@task_id, @id, @name, @mime_type, @stored_path, @size)",
        )
        .run(row);
    }, "record the attachment");
  }

  attachments(taskId: string): AttachmentRow[] {
    return guard(
      () => this.db.prepare("SELECT * FROM attachments WHERE task_id = ? ORDER BY rowid").all(taskId) as AttachmentRow[],
      "read attachments",
    );
  }

  insertModelCall(row: ModelCallRow): void {
    guard(() => {
      this.db
        .prepare(
          "INSERT INTO model_calls (task_id, idx, request, response, error, started_at, duration_ms) VALUES (@task_id, @idx, @request, @response, @error, @started_at, @duration_ms)",
        )
        .run(row);
    }, "record the model call");
  }

  modelCalls(taskId: string): ModelCallRow[] {
    return guard(
      () => this.db.prepare("SELECT * FROM model_calls WHERE task_id = ? ORDER BY idx").all(taskId) as ModelCallRow[],
      "read model calls",
    );
  }
}
