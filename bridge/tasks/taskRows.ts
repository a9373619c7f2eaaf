import type { TaskStartPayload, TaskStatus } from "../../protocol/index.js";

/** A task as stored; JSON columns are kept as text and parsed by the reader that needs them. */
export interface TaskRow {
  id: string;
  status: TaskStatus;
  goal: string;
  provider: TaskStartPayload["provider"];
  model: string;
  tab_id: number | null;
  options: string;
  created_at: string;
  updated_at: string;
  answer: string | null;
  error_code: string | null;
  error_message: string | null;
  input_tokens: number;
  output_tokens: number;
  model_calls: number;
  conversation: string | null;
  ref_map: string | null;
}

export interface StepRow {
  task_id: string;
  idx: number;
  action: string;
  input: string;
  ok: number;
  summary: string;
  error_code: string | null;
  result: string | null;
  edge: string | null;
  started_at: string;
  duration_ms: number;
}

export interface ConfirmationRow {
  id: string;
  task_id: string;
  gate_id: string;
  action: string;
  tool: string;
  role: string;
  name: string;
  url: string;
  reasons: string;
  requested_at: string;
  expires_at: string;
  answer: "pending" | "allowed" | "denied" | "expired";
  answered_at: string | null;
}

export interface AttachmentRow {
  task_id: string;
  id: string;
  name: string;
  mime_type: string;
  stored_path: string;
  size: number;
}

export interface ModelCallRow {
  task_id: string;
  idx: number;
  request: string;
  response: string | null;
  error: string | null;
  started_at: string;
  duration_ms: number;
}

export interface EventRow {
  seq: number;
  task_id: string;
  kind: string;
  body: string;
  at: string;
}
