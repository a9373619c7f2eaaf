import Database from "better-sqlite3";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WebOperatorError } from "../../protocol/index.js";
import { STORE_MIGRATIONS, STORE_VERSION, migrateStore } from "../../bridge/tasks/storeSchema.js";
import { TaskStore } from "../../bridge/tasks/taskStore.js";

const VERSION_1 = readFileSync(new URL("../fixtures/taskStore/version1.sql", import.meta.url), "utf8");
const at = "2026-12-01T10:00:00.000Z";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "wo-migrate-"));
  dirs.push(dir);
  return dir;
}

function userVersion(db: Database.Database): unknown {
  return db.pragma("user_version", { simple: true });
}

function tables(db: Database.Database): string[] {
  return db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
}

describe("the task store's migrations", () => {
  it("opens a version-1 store, adds the later tables, and keeps its tasks, steps and events", () => {
    const dir = tempDir();
    const old = new Database(join(dir, "tasks.sqlite"));
    old.exec(VERSION_1);
    old
      .prepare(
        "INSERT INTO tasks (id, status, goal, provider, model, options, created_at, updated_at) VALUES ('task_v1', 'succeeded', 'find the price', 'claude', 'm', '{}', ?, ?)",
      )
      .run(at, at);
    old
      .prepare(
        "INSERT INTO steps (task_id, idx, action, input, ok, summary, started_at, duration_ms) VALUES ('task_v1', 0, 'snapshot', '{}', 1, 'read the page', ?, 12)",
      )
      .run(at);
    old.prepare("INSERT INTO events (task_id, kind, body, at) VALUES ('task_v1', 'status', '{}', ?)").run(at);
    expect(userVersion(old)).toBe(1);
    expect(tables(old)).not.toContain("skills");
    old.close();

    const store = TaskStore.open(dir);
    expect(store.getTask("task_v1")).toMatchObject({ goal: "find the price", status: "succeeded" });
    expect(store.steps("task_v1")).toMatchObject([{ idx: 0, summary: "read the page" }]);
    expect(store.events("task_v1")).toHaveLength(1);
    expect(store.skills.list(10)).toEqual([]);
    store.close();

    const migrated = new Database(join(dir, "tasks.sqlite"));
    expect(userVersion(migrated)).toBe(STORE_VERSION);
    expect(tables(migrated)).toEqual(
      expect.arrayContaining(["skills", "task_signatures", "tasks", "steps", "events", "confirmations", "attachments", "model_calls"]),
    );
    migrated.close();
  });

  it("drops the edges of steps that only read the page, and keeps every step and every act's edge", () => {
    const dir = tempDir();
    const db = new Database(join(dir, "tasks.sqlite"));
    migrateStore(db, "test", STORE_MIGRATIONS.slice(0, 6));
    db.prepare(
      "INSERT INTO tasks (id, status, goal, provider, model, options, created_at, updated_at) VALUES ('task_v6', 'succeeded', 'g', 'claude', 'm', '{}', ?, ?)",
    ).run(at, at);
    const click = { type: "click", semantic_locator: { role: "button", name: "Go", occurrence: 0 } };
    const edges = [
      { typed_action: null, body_actions: [], tool: { action: "read_page" } },
      { typed_action: click, body_actions: [click], tool: { action: "left_click" } },
      {
        typed_action: null,
        body_actions: [],
        not_replayable: "it opened another tab; replay runs in one tab",
        tool: { action: "new_tab" },
      },
      // A step stored before edges took the InteractionTrace shape: its typed_action was the model's call.
      { typed_action: { action: "left_click", locator: { role: "link", name: "Home" } } },
    ];
    const insert = db.prepare(
      "INSERT INTO steps (task_id, idx, action, input, ok, summary, edge, started_at, duration_ms) VALUES ('task_v6', ?, 'a', '{}', 1, 's', ?, ?, 1)",
    );
    edges.forEach((edge, idx) => insert.run(idx, JSON.stringify(edge), at));
    db.close();

    const store = TaskStore.open(dir);
    const kept = store
      .steps("task_v6")
      .map((step) => (step.edge === null ? null : (JSON.parse(step.edge) as { tool?: { action: string } })));
    expect(kept).toHaveLength(4);
    expect(kept[0]).toBeNull();
    expect(kept.slice(1)).toEqual([edges[1], edges[2], edges[3]]);
    store.close();
  });

  it("runs every step on a new store, and none on a current one", () => {
    const db = new Database(":memory:");
    expect(migrateStore(db, ":memory:")).toBe(0);
    expect(userVersion(db)).toBe(STORE_MIGRATIONS.length);
    db.exec("DROP TABLE skills");
    // A current store is left alone: no step runs again.
    expect(migrateStore(db, ":memory:")).toBe(STORE_VERSION);
    expect(tables(db)).not.toContain("skills");
    db.close();
  });

  it("leaves the store as it was when a step fails", () => {
    const db = new Database(":memory:");
    migrateStore(db, ":memory:", STORE_MIGRATIONS.slice(0, 1));
    expect(() =>
      migrateStore(db, ":memory:", [...STORE_MIGRATIONS.slice(0, 1), "CREATE TABLE half (id TEXT);", "CREATE TABLE broken ("]),
    ).toThrow();
    expect(userVersion(db)).toBe(1);
    expect(tables(db)).not.toContain("half");
    db.close();
  });

  it("refuses a store from a newer WebOperator, saying what to do", () => {
    const db = new Database(":memory:");
    db.pragma(`user_version = ${STORE_VERSION + 1}`);
    let refused: unknown;
    try {
      migrateStore(db, "/config/tasks.sqlite");
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(WebOperatorError);
    expect(refused).toMatchObject({
      code: "store_unavailable",
      message: expect.stringMatching(new RegExp(`version ${STORE_VERSION + 1}, written by a newer WebOperator.*Update WebOperator`)),
    });
    db.close();
  });
});
