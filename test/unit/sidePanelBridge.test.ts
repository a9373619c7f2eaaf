import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BridgeToExtensionMessageSchema, COMMANDS, ExtensionToBridgeMessageSchema, MAX_UPLOAD_FILE_BYTES } from "../../protocol/index.js";
import { PolicySchema } from "../../protocol/tools/gatekeeperTools.js";
import defaultPolicy from "../../extension/policy/defaultPolicy.json" with { type: "json" };
import { PauseSwitch } from "../../bridge/panel/pauseSwitch.js";
import { panelSteps } from "../../bridge/panel/panelTasks.js";
import { attachmentsFolder, savePanelFiles } from "../../bridge/panel/attachmentsFolder.js";
import { loosenings } from "../../extension/background/gatekeeper/policyTightening.js";
import type { StepRow } from "../../bridge/tasks/taskRows.js";
import { codeOf } from "../helpers/thrownCode.js";

describe("Stop all agents (PauseSwitch)", () => {
  it("refuses browser.* writes and tasks.start while on, and nothing else", () => {
    const pause = new PauseSwitch();
    const changes: boolean[] = [];
    pause.on("changed", (paused) => changes.push(paused));
    expect(codeOf(() => pause.assertAllows("browser.click", COMMANDS["browser.click"]))).toBeNull();
    pause.set(true);
    expect(codeOf(() => pause.assertAllows("browser.click", COMMANDS["browser.click"]))).toBe("paused_by_user");
    expect(codeOf(() => pause.assertAllows("browser.navigate", COMMANDS["browser.navigate"]))).toBe("paused_by_user");
    expect(codeOf(() => pause.assertAllows("tasks.start", COMMANDS["tasks.start"]))).toBe("paused_by_user");
    expect(codeOf(() => pause.assertAllows("browser.snapshot", COMMANDS["browser.snapshot"]))).toBeNull();
    expect(codeOf(() => pause.assertAllows("tasks.stop", COMMANDS["tasks.stop"]))).toBeNull();
    pause.set(true);
    pause.set(false);
    expect(codeOf(() => pause.assertAllows("browser.click", COMMANDS["browser.click"]))).toBeNull();
    expect(changes).toEqual([true, false]);
  });
});

const step = (idx: number, extra: Partial<StepRow> = {}): StepRow => ({
  task_id: "task_x",
  idx,
  action: "left_click",
  input: "{}",
  ok: 1,
  summary: `step ${idx}`,
  error_code: null,
  result: null,
  edge: null,
  started_at: "2026-01-01T00:00:00Z",
  duration_ms: 5,
  ...extra,
});

it("keeps Stop all on across a bridge restart through its marker file", () => {
  const marker = join(mkdtempSync(join(tmpdir(), "wo-unit-pause-")), "paused-by-user");
  new PauseSwitch(marker).set(true);
  const restarted = new PauseSwitch(marker);
  expect(restarted.paused).toBe(true);
  restarted.set(false);
  expect(new PauseSwitch(marker).paused).toBe(false);
});

describe("panelSteps", () => {
  it("names each step's target from its trace edge and keeps only the newest screenshot", () => {
    const shot = (data: string) => JSON.stringify({ data, mediaType: "image/png" });
    const rows = [
      step(0, { action: "screenshot", result: shot("AAAA") }),
      step(1, { edge: JSON.stringify({ tool: { locator: { role: "button", name: "Pay" } } }) }),
      step(2, { action: "screenshot", result: shot("BBBB") }),
      step(3, { ok: 0, error_code: "stale_ref", result: "not json" }),
      // A step stored before edges took the InteractionTrace shape.
      step(4, { edge: JSON.stringify({ typed_action: { action: "left_click", locator: { role: "link", name: "Home" } } }) }),
    ];
    const steps = panelSteps(rows);
    expect(steps.map((entry) => entry.thumbnail)).toEqual([null, null, "data:image/png;base64,BBBB", null, null]);
    expect(steps[1]?.target).toEqual({ role: "button", name: "Pay" });
    expect(steps[3]).toMatchObject({ ok: false, errorCode: "stale_ref", target: null });
    expect(steps[4]?.target).toEqual({ role: "link", name: "Home" });
  });

  it("shows only the latest steps of a long task", () => {
    const steps = panelSteps(Array.from({ length: 40 }, (_, index) => step(index)));
    expect(steps).toHaveLength(12);
    expect(steps[0]?.index).toBe(28);
  });
});

describe("the side panel's attachments folder", () => {
  it("writes picked files under Downloads/weboperator-attachments with ids, never overwriting", async () => {
    const downloads = mkdtempSync(join(tmpdir(), "wo-unit-downloads-"));
    const env = { WEBOPERATOR_DOWNLOADS_DIR: downloads };
    expect(attachmentsFolder(env)).toBe(join(downloads, "weboperator-attachments"));
    const base64 = Buffer.from("hello").toString("base64");
    const first = await savePanelFiles(
      [
        { name: "../../etc/cv.txt", mimeType: "text/plain", base64 },
        { name: "cv.txt", mimeType: "", base64 },
      ],
      env,
    );
    expect(first.map((file) => file.id)).toEqual(["file-1", "file-2"]);
    expect(first[0]?.name).toBe("cv.txt");
    expect(first[0]?.path.startsWith(join(downloads, "weboperator-attachments"))).toBe(true);
    expect(first[0]?.path).not.toBe(first[1]?.path);
    expect(readFileSync(first[0]?.path ?? "", "utf8")).toBe("hello");
  });

  it("refuses a file over the upload limit with attachment_refused", async () => {
    const env = { WEBOPERATOR_DOWNLOADS_DIR: mkdtempSync(join(tmpdir(), "wo-unit-downloads-")) };
    const base64 = Buffer.alloc(MAX_UPLOAD_FILE_BYTES + 1).toString("base64");
    await expect(savePanelFiles([{ name: "big.bin", mimeType: "", base64 }], env)).rejects.toMatchObject({ code: "attachment_refused" });
  });
});

describe("side-panel wire shapes and the confirmations setting", () => {
  it("parses the native link's panel messages", () => {
    expect(BridgeToExtensionMessageSchema.parse({ kind: "push", changed: "tasks", waitingTasks: 2 })).toMatchObject({ kind: "push" });
    expect(
      BridgeToExtensionMessageSchema.parse({ kind: "panel_response", id: "panel-1", ok: false, code: "paused_by_user", error: "stopped" }),
    ).toMatchObject({ ok: false });
    expect(ExtensionToBridgeMessageSchema.parse({ kind: "panel_request", id: "panel-1", request: { action: "stop_all" } })).toMatchObject({
      kind: "panel_request",
    });
    expect(ExtensionToBridgeMessageSchema.safeParse({ kind: "panel_request", id: "panel-1", request: { action: "rm -rf" } }).success).toBe(
      false,
    );
  });

  it("treats user -> agent as a loosening the socket may not make", () => {
    const policy = (confirmations: "agent" | "user") => PolicySchema.parse({ ...defaultPolicy, confirmations });
    expect(PolicySchema.parse(defaultPolicy).confirmations).toBe("user");
    expect(loosenings(policy("user"), policy("agent"))).toEqual([expect.stringContaining("confirmations")]);
    expect(loosenings(policy("agent"), policy("user"))).toEqual([]);
  });
});
