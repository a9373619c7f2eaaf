import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TaskStore } from "../../bridge/tasks/taskStore.js";
import type { TaskRow } from "../../bridge/tasks/taskRows.js";
import { MAX_MEMORY_KEYS, USER_MEMORY_SCOPE } from "../../bridge/tasks/memoryStore.js";
import {
  MAX_ARTIFACT_BYTES,
  MAX_ARTIFACTS_PER_TASK,
  MAX_PAGE_TEXTS_PER_TASK,
  checkArtifact,
  readArtifact,
  saveArtifact,
} from "../../bridge/tasks/artifactFiles.js";
import type { ArtifactRow } from "../../bridge/tasks/artifactStore.js";
import { codeOf } from "../helpers/thrownCode.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function openStore(): { store: TaskStore; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "wo-memory-"));
  dirs.push(dir);
  return { store: TaskStore.open(dir), dir };
}
const at = "2026-12-02T10:00:00.000Z";
function task(id: string): TaskRow {
  return {
    id,
    status: "running",
    goal: "g",
    provider: "claude",
    model: "m",
    tab_id: null,
    options: "{}",
    created_at: at,
    updated_at: at,
    answer: null,
    error_code: null,
    error_message: null,
    input_tokens: 0,
    output_tokens: 0,
    model_calls: 0,
    conversation: null,
    ref_map: null,
  };
}

describe("agent memory in tasks.sqlite", () => {
  it("is kept per scope: a task reads what its agent's earlier tasks wrote, and another agent's tasks do not", () => {
    const { store } = openStore();
    for (const id of ["t1", "t2", "t3"]) store.insertTask(task(id));
    store.memory.assignScope("t1", "agent:alpha");
    store.memory.assignScope("t2", "agent:alpha");
    store.memory.assignScope("t3", "agent:beta");
    store.memory.write(store.memory.scopeOf("t1"), "colour", "teal", "t1", at);
    expect(store.memory.read(store.memory.scopeOf("t2"), "colour")).toEqual({ value: "teal", writtenBy: "t1", updatedAt: at });
    expect(store.memory.read(store.memory.scopeOf("t3"), "colour")).toBeNull();
    store.memory.write("agent:alpha", "colour", "green", "t2", at);
    expect(store.memory.read("agent:alpha", "colour")?.value).toBe("green");
    expect(store.memory.keys("agent:alpha")).toEqual(["colour"]);
    store.close();
  });

  it("a task with no recorded agent uses the person's scope", () => {
    const { store } = openStore();
    store.insertTask(task("t1"));
    expect(store.memory.scopeOf("t1")).toBe(USER_MEMORY_SCOPE);
    store.close();
  });

  it("refuses a bad key, a long value and a key past the limit, with typed errors", () => {
    const { store } = openStore();
    expect(codeOf(() => store.memory.write("s", "", "v", "t", at))).toBe("bad_request");
    expect(codeOf(() => store.memory.write("s", "a\nb", "v", "t", at))).toBe("bad_request");
    expect(codeOf(() => store.memory.read("s", ".hidden"))).toBe("bad_request");
    expect(codeOf(() => store.memory.write("s", "k", "x".repeat(8_001), "t", at))).toBe("payload_too_large");
    for (let n = 0; n < MAX_MEMORY_KEYS; n++) store.memory.write("s", `k${n}`, "v", "t", at);
    expect(codeOf(() => store.memory.write("s", "one more", "v", "t", at))).toBe("payload_too_large");
    // Overwriting a key that exists is still allowed when full.
    expect(codeOf(() => store.memory.write("s", "k0", "w", "t", at))).toBeNull();
    store.close();
  });
});

describe("task artifacts", () => {
  const artifact = { name: "report.md", content: "# Report", mimeType: "text/markdown" };

  it("are written 0600 in the task's folder, recorded, and replaced by the same name", async () => {
    const { store, dir } = openStore();
    const folder = join(dir, "tasks", "t1", "artifacts");
    const first = await saveArtifact(store.artifacts, folder, "t1", artifact, at);
    expect(statSync(first.stored_path).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    await saveArtifact(store.artifacts, folder, "t1", { ...artifact, content: "# Report, v2" }, at);
    const rows = store.artifacts.list("t1");
    expect(rows.map((row) => [row.name, row.size])).toEqual([["report.md", 12]]);
    expect(await readArtifact(rows[0] as ArtifactRow)).toBe("# Report, v2");
    expect(store.artifacts.list("t2")).toEqual([]);
    store.close();
  });

  it.each([
    [{ ...artifact, name: "../x" }, "bad_request"],
    [{ ...artifact, name: ".env" }, "bad_request"],
    [{ ...artifact, name: "a/b" }, "bad_request"],
    [{ ...artifact, mimeType: "markdown" }, "bad_request"],
    [{ ...artifact, content: "é".repeat(MAX_ARTIFACT_BYTES / 2 + 1) }, "payload_too_large"],
  ])("refuses %#: %s", (input, code) => {
    expect(codeOf(() => checkArtifact(input, []))).toBe(code);
  });

  it("holds at most MAX_ARTIFACTS_PER_TASK, but a known name may be replaced", () => {
    const rows = Array.from({ length: MAX_ARTIFACTS_PER_TASK }, (_, n): ArtifactRow => ({
      task_id: "t",
      name: `f${n}`,
      mime_type: "text/plain",
      stored_path: "/x",
      size: 1,
      kind: "artifact",
      created_at: at,
    }));
    expect(codeOf(() => checkArtifact({ ...artifact, name: "new.txt" }, rows))).toBe("payload_too_large");
    expect(codeOf(() => checkArtifact({ ...artifact, name: "f3" }, rows))).toBeNull();
    // Page texts are counted apart: a full set of files leaves room for them, and the reverse.
    expect(codeOf(() => checkArtifact({ ...artifact, name: "page-text-1.md", kind: "page_text" }, rows))).toBeNull();
  });

  it("never lets a file take a saved page text's name, nor a page text a file's", () => {
    const pageText: ArtifactRow = {
      task_id: "t",
      name: "page-text-1.md",
      mime_type: "text/markdown",
      stored_path: "/x",
      size: 1,
      kind: "page_text",
      created_at: at,
    };
    expect(codeOf(() => checkArtifact({ ...artifact, name: "page-text-1.md" }, [pageText]))).toBe("bad_request");
    expect(codeOf(() => checkArtifact({ ...artifact, name: "page-text-1.md", kind: "page_text" }, [pageText]))).toBeNull();
    const pageTexts = Array.from({ length: MAX_PAGE_TEXTS_PER_TASK }, (_, n): ArtifactRow => ({ ...pageText, name: `p${n}` }));
    expect(codeOf(() => checkArtifact({ ...artifact, name: "p-new", kind: "page_text" }, pageTexts))).toBe("payload_too_large");
    expect(codeOf(() => checkArtifact({ ...artifact, name: "report.md" }, pageTexts))).toBeNull();
  });
});
