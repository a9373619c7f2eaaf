import Database from "better-sqlite3";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TaskStore } from "../../bridge/tasks/taskStore.js";
import type { TaskRow } from "../../bridge/tasks/taskRows.js";
import { noticeSkill } from "../../bridge/tasks/skills/skillDetector.js";
import { STORE_VERSION } from "../../bridge/tasks/storeSchema.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "wo-skills-"));
  dirs.push(dir);
  return dir;
}

const at = "2026-12-01T10:00:00.000Z";
const hash = (digit: string): string => `sha256:${digit.repeat(64)}`;
function task(id: string): TaskRow {
  return {
    id,
    status: "succeeded",
    goal: "sign up",
    provider: "claude",
    model: "m",
    tab_id: null,
    options: "{}",
    created_at: at,
    updated_at: at,
    answer: "ok",
    error_code: null,
    error_message: null,
    input_tokens: 0,
    output_tokens: 0,
    model_calls: 0,
    conversation: null,
    ref_map: null,
  };
}
function recordRun(store: TaskStore, id: string): void {
  store.insertTask(task(id));
  const edges = [
    { state_before: null, state_after: hash("a"), body_actions: [{ type: "navigate", url: "http://x/" }], outcome_status: "success" },
    {
      state_before: hash("a"),
      state_after: hash("b"),
      body_actions: [{ type: "check", semantic_locator: { role: "checkbox", name: "News", occurrence: 0 } }],
      outcome_status: "success",
    },
  ];
  edges.forEach((edge, idx) =>
    store.insertStep({
      task_id: id,
      idx,
      action: "x",
      input: "{}",
      ok: 1,
      summary: "",
      error_code: null,
      result: null,
      edge: JSON.stringify(edge),
      started_at: at,
      duration_ms: 1,
    }),
  );
}

describe("the skill store in tasks.sqlite", () => {
  it("adds its tables to a version-1 store without touching its tasks", () => {
    const dir = tempDir();
    const old = new Database(join(dir, "tasks.sqlite"));
    // A store as version 1 wrote it: its tasks, steps, events, confirmations, attachments and model calls.
    old.exec(readFileSync(new URL("../fixtures/taskStore/version1.sql", import.meta.url), "utf8"));
    old
      .prepare(
        "INSERT INTO tasks (id, status, goal, provider, model, options, created_at, updated_at) VALUES ('task_old', 'succeeded', 'g', 'claude', 'm', '{}', ?, ?)",
      )
      .run(at, at);
    old.close();
    const store = TaskStore.open(dir);
    expect(store.getTask("task_old")?.goal).toBe("g");
    expect(store.skills.list(10)).toEqual([]);
    store.close();
    const reopened = new Database(join(dir, "tasks.sqlite"));
    expect(reopened.pragma("user_version", { simple: true })).toBe(STORE_VERSION);
    reopened.close();
  });

  it("stores a skill when a second task goes through the same states, then only counts later ones", () => {
    const store = TaskStore.open(tempDir());
    recordRun(store, "task_1");
    expect(noticeSkill(store, "task_1", "sign up", at)).toBeNull();
    recordRun(store, "task_2");
    const skill = noticeSkill(store, "task_2", "sign up", at);
    expect(skill).toMatchObject({
      goal: "sign up",
      startUrl: "http://x/",
      states: [hash("a"), hash("b")],
      steps: 2,
      sourceTasks: ["task_1", "task_2"],
    });
    recordRun(store, "task_3");
    expect(noticeSkill(store, "task_3", "sign up", at)).toBeNull();
    expect(store.skills.get(skill?.id ?? "")?.source_tasks).toBe(JSON.stringify(["task_1", "task_2", "task_3"]));
    store.close();
  });
});
