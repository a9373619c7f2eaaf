import type { TaskConfirmation, TaskEvent, TaskInteraction, TaskStatus } from "../../protocol/index.js";
import type { TaskRow } from "./taskRows.js";
import type { TaskStore } from "./taskStore.js";
import { taskSummary } from "./taskViews.js";

/** What a status change carries: the task's answer or error at its end, what it waits on while it waits. */
export interface StatusExtra {
  answer?: string;
  error?: { code: string; message: string };
  confirmation?: TaskConfirmation;
  interaction?: TaskInteraction;
}

const now = (): string => new Date().toISOString();

/**
 * Writes a task's status and events: each is stored, then sent to the authenticated
 * connections that want it, so what a client heard is always in the store.
 */
export class TaskStatusWriter {
  constructor(
    private readonly store: TaskStore,
    private readonly broadcast: (event: TaskEvent) => void,
    private readonly row: (id: string) => TaskRow,
  ) {}

  emit(event: TaskEvent): void {
    this.store.insertEvent(event.taskId, event.kind, JSON.stringify(event), event.at);
    this.broadcast(event);
  }

  set(id: string, status: TaskStatus, extra: StatusExtra = {}): void {
    const row = this.row(id);
    if (
      row.status === status &&
      extra.confirmation === undefined &&
      extra.interaction === undefined &&
      extra.answer === undefined &&
      extra.error === undefined
    )
      return;
    const at = now();
    this.store.updateTask(id, {
      status,
      updated_at: at,
      ...(extra.answer === undefined ? {} : { answer: extra.answer }),
      ...(extra.error === undefined
        ? status === "running"
          ? { error_code: null, error_message: null }
          : {}
        : { error_code: extra.error.code, error_message: extra.error.message }),
    });
    this.emit({
      kind: "task:update",
      taskId: id,
      status,
      previousStatus: row.status,
      at,
      ...extra,
      task: taskSummary(this.store, this.row(id)),
    });
  }

  /** The task's final status; a store that refuses the write still lets the clients hear it. */
  finish(id: string, status: TaskStatus, extra: Pick<StatusExtra, "answer" | "error">): void {
    try {
      if (extra.error !== undefined)
        this.emit({ kind: "task:error", taskId: id, at: now(), code: extra.error.code, message: extra.error.message });
      this.set(id, status, extra);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.broadcast({ kind: "task:error", taskId: id, at: now(), code: "store_unavailable", message });
      this.broadcast({ kind: "task:update", taskId: id, status, previousStatus: null, at: now(), ...extra });
    }
  }
}
