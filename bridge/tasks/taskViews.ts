import type { TaskArtifact, TaskConfirmation, TaskDetail, TaskStep, TaskSummary } from "../../protocol/index.js";
import type { ArtifactRow } from "./artifactStore.js";
import type { ConfirmationRow, StepRow, TaskRow } from "./taskRows.js";
import type { TaskStore } from "./taskStore.js";

/** Turns stored rows into the wire shapes tasks.* answer with. */
export function taskSummary(store: TaskStore, row: TaskRow): TaskSummary {
  const pending = store.pendingConfirmation(row.id);
  const options = JSON.parse(row.options) as { autoConfirm?: boolean };
  return {
    id: row.id,
    status: row.status,
    goal: row.goal,
    provider: row.provider,
    model: row.model,
    tabId: row.tab_id,
    autoConfirm: options.autoConfirm === true,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stepCount: store.stepCount(row.id),
    answer: row.answer,
    error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? "" },
    usage: { inputTokens: row.input_tokens, outputTokens: row.output_tokens, modelCalls: row.model_calls },
    pendingConfirmation: pending === undefined ? null : confirmationView(pending),
    // An interrupted task keeps its question: tasks.respond answers it and resumes the task.
    pendingInteraction: row.status === "waiting_interaction" || row.status === "interrupted" ? store.asksAndWaits.pending(row.id) : null,
    attachments: store
      .attachments(row.id)
      .map((attachment) => ({ id: attachment.id, name: attachment.name, mimeType: attachment.mime_type, size: attachment.size })),
    artifacts: store.artifacts.list(row.id).map(artifactView),
  };
}

export function artifactView(row: ArtifactRow): TaskArtifact {
  return { name: row.name, kind: row.kind, mimeType: row.mime_type, size: row.size, createdAt: row.created_at };
}

export function taskDetail(store: TaskStore, row: TaskRow): TaskDetail {
  return { ...taskSummary(store, row), steps: store.steps(row.id).map(stepView) };
}

export function stepView(row: StepRow): TaskStep {
  return {
    index: row.idx,
    action: row.action,
    input: JSON.parse(row.input) as unknown,
    ok: row.ok === 1,
    summary: row.summary,
    errorCode: row.error_code,
    startedAt: row.started_at,
    durationMs: row.duration_ms,
  };
}

export function confirmationView(row: ConfirmationRow): TaskConfirmation {
  return {
    id: row.id,
    action: row.action,
    tool: row.tool,
    role: row.role,
    name: row.name,
    url: row.url,
    reasons: row.reasons,
    requestedAt: row.requested_at,
    expiresAt: row.expires_at,
  };
}

/** Live events carry inputs with long strings cut: no pasted documents or scripts in the stream. */
export function shortInput(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (depth > 3 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => shortInput(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shortInput(item, depth + 1)]));
}
