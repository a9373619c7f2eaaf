import type Database from "better-sqlite3";
import { WebOperatorError } from "../../protocol/index.js";

/**
 * The task store's layout as steps: the step at index N takes a store at `user_version` N to N + 1.
 * Steps are only ever appended, never edited, since stores out there already ran them.
 */
export const STORE_MIGRATIONS: readonly string[] = [
  // 1: tasks with their steps, events, confirmations, attachments and model calls.
  `
CREATE TABLE IF NOT EXISTS tasks (
  id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  goal TEXT NOT NULL,
  provider TEXT NOT NULL,
  model TEXT NOT NULL,
  tab_id INTEGER,
  options TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  answer TEXT,
  error_code TEXT,
  error_message TEXT,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  model_calls INTEGER NOT NULL DEFAULT 0,
  conversation TEXT,
  ref_map TEXT
);
CREATE INDEX IF NOT EXISTS tasks_status ON tasks (status);
CREATE TABLE IF NOT EXISTS steps (
  task_id TEXT NOT NULL REFERENCES tasks (id),
  idx INTEGER NOT NULL,
  action TEXT NOT NULL,
  input TEXT NOT NULL,
  ok INTEGER NOT NULL,
  summary TEXT NOT NULL,
  error_code TEXT,
  result TEXT,
  edge TEXT,
  started_at TEXT NOT NULL,
  duration_ms REAL NOT NULL,
  PRIMARY KEY (task_id, idx)
);
CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  task_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  body TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_task ON events (task_id);
CREATE TABLE IF NOT EXISTS confirmations (
  id TEXT PRIMARY KEY,
  task_id TEXT NOT NULL,
  gate_id TEXT NOT NULL,
  action TEXT NOT NULL,
  tool TEXT NOT NULL,
  role TEXT NOT NULL,
  name TEXT NOT NULL,
  url TEXT NOT NULL,
  reasons TEXT NOT NULL,
  requested_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  answer TEXT NOT NULL,
  answered_at TEXT
);
CREATE TABLE IF NOT EXISTS attachments (
  task_id TEXT NOT NULL,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  stored_path TEXT NOT NULL,
  size INTEGER NOT NULL,
  PRIMARY KEY (task_id, id)
);
CREATE TABLE IF NOT EXISTS model_calls (
  task_id TEXT NOT NULL,
  idx INTEGER NOT NULL,
  request TEXT NOT NULL,
  response TEXT,
  error TEXT,
  started_at TEXT NOT NULL,
  duration_ms REAL NOT NULL,
  PRIMARY KEY (task_id, idx)
);
`,
  // 2: skills, found by the state signatures of succeeded tasks.
  `
CREATE TABLE IF NOT EXISTS task_signatures (
  task_id TEXT PRIMARY KEY,
  signature TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS task_signatures_signature ON task_signatures (signature);
CREATE TABLE IF NOT EXISTS skills (
  id TEXT PRIMARY KEY,
  signature TEXT NOT NULL UNIQUE,
  goal TEXT NOT NULL,
  start_url TEXT,
  states TEXT NOT NULL,
  edges TEXT NOT NULL,
  source_tasks TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
`,
  // 3: what tasks asked of the person (ask_user, request_user_action) and the answers.
  `
CREATE TABLE IF NOT EXISTS interactions (
  id TEXT PRIMARY KEY,
  task_id TEXT NOT NULL,
  source_key TEXT NOT NULL,
  request TEXT NOT NULL,
  requested_at TEXT NOT NULL,
  answer TEXT,
  answered_at TEXT,
  UNIQUE (task_id, source_key)
);
`,
  // 4: the agent each task works for (whose memory it reads and writes), that memory, and the files tasks create.
  `
ALTER TABLE tasks ADD COLUMN memory_scope TEXT;
CREATE TABLE IF NOT EXISTS agent_memory (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  written_by TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE TABLE IF NOT EXISTS artifacts (
  task_id TEXT NOT NULL,
  name TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  stored_path TEXT NOT NULL,
  size INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (task_id, name)
);
`,
  // 5: a saved page text (page_text) beside the files the model created.
  `
ALTER TABLE artifacts ADD COLUMN kind TEXT NOT NULL DEFAULT 'artifact';
`,
  // 6: the governance a task inherited from the agent that started it (JSON, or NULL).
  `
ALTER TABLE tasks ADD COLUMN governance TEXT;
`,
  // 7: a step that only read the page is no InteractionTrace edge (the seed's edge is what act
  // emits): the read edges stores kept (no typed action, no body action, nothing unreplayable) go.
  `
UPDATE steps SET edge = NULL
WHERE edge IS NOT NULL AND json_valid(edge)
  AND json_type(edge, '$.typed_action') = 'null'
  AND json_type(edge, '$.body_actions') = 'array' AND json_array_length(edge, '$.body_actions') = 0
  AND json_type(edge, '$.not_replayable') IS NULL;
`,
];

export const STORE_VERSION = STORE_MIGRATIONS.length;

/**
 * Brings the store to STORE_VERSION: reads `user_version` and runs the steps it lacks in one
 * transaction, so a failure leaves the store as it was. Resolves to the version it found.
 */
export function migrateStore(db: Database.Database, path: string, steps: readonly string[] = STORE_MIGRATIONS): number {
  const found = db.pragma("user_version", { simple: true });
  if (typeof found !== "number") throw new Error(`PRAGMA user_version answered ${String(found)}`);
  if (found > steps.length) {
    throw new WebOperatorError(
      "store_unavailable",
      `The task store at ${path} is version ${found}, written by a newer WebOperator than this one (which reads up to ${steps.length}). Update WebOperator, or set WEBOPERATOR_CONFIG_DIR to another folder.`,
    );
  }
  if (found < steps.length) {
    db.transaction(() => {
      for (const step of steps.slice(found)) db.exec(step);
      db.pragma(`user_version = ${steps.length}`);
    })();
  }
  return found;
}
