import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfirmationAnsweredEventSchema, TaskEventSchema, type TaskEvent } from "../../protocol/index.js";
import { inlinePage } from "../helpers/fixtureServer.js";
import {
  byGoal,
  lastResultText,
  refIn,
  startFakeMessagesApi,
  toolUse,
  type FakeMessagesApi,
  type ScriptedTurn,
} from "../helpers/fakeMessagesApi.js";
import { setUserPolicy } from "../helpers/userPolicy.js";
import { openSidePanel, type SidePanel } from "../helpers/sidePanel.js";
import { stopExtensionWorker } from "../helpers/extensionWorker.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

const call =
  (name: string, input: unknown): ScriptedTurn =>
  () => ({ stop_reason: "tool_use", content: [toolUse(name, input)] });
const readPage = call("read_page", { filter: "interactive" });
const clickSubmit: ScriptedTurn = (request) => ({
  stop_reason: "tool_use",
  content: [toolUse("left_click", { target: { type: "ref", ref: refIn(request, "button", "Submit application") } })],
});
const answerFromPage: ScriptedTurn = (request) => ({
  stop_reason: "end_turn",
  content: [{ type: "text", text: `Page says: ${/Not submitted|Submitted/.exec(lastResultText(request))?.[0] ?? "?"}` }],
});

const SCRIPTS: Record<string, ScriptedTurn[]> = {
  "apply for the job": [call("screenshot", {}), readPage, clickSubmit, call("get_page_text", {}), answerFromPage],
  "upload from the panel": [
    call("read_page", {}),
    (request) => ({
      stop_reason: "tool_use",
      content: [toolUse("file_upload", { target: { type: "ref", ref: refIn(request, "button", "CV file") }, document_ids: ["file-1"] })],
    }),
    call("get_page_text", {}),
    (request) => ({
      stop_reason: "end_turn",
      content: [
        { type: "text", text: /panel-cv\.txt \(\d+ bytes\): Grace Hopper/.test(lastResultText(request)) ? "uploaded" : "not uploaded" },
      ],
    }),
  ],
  "wait around": Array.from({ length: 40 }, () => call("wait", { duration: 0.5 })),
  "read the whole long page": [call("get_page_text", {}), () => ({ stop_reason: "end_turn", content: [{ type: "text", text: "read" }] })],
};

describe("the side panel: agents, tasks, confirmations, Stop all, new tasks, settings", () => {
  let session: WebOperatorSession;
  let fake: FakeMessagesApi;
  let panel: SidePanel;
  let downloads: string;
  const events: TaskEvent[] = [];
  const answered: Array<ReturnType<typeof ConfirmationAnsweredEventSchema.parse>> = [];

  beforeAll(async () => {
    fake = await startFakeMessagesApi(byGoal(SCRIPTS));
    downloads = mkdtempSync(join(tmpdir(), "wo-panel-downloads-"));
    session = await startWebOperatorSession({
      ANTHROPIC_API_KEY: "test-key",
      ANTHROPIC_BASE_URL: fake.baseURL,
      WEBOPERATOR_DOWNLOADS_DIR: downloads,
    });
    session.client.onEvent((event) => {
      const task = TaskEventSchema.safeParse(event);
      if (task.success) events.push(task.data);
      const confirmation = ConfirmationAnsweredEventSchema.safeParse(event);
      if (confirmation.success) answered.push(confirmation.data);
    });
    // The agent acts once, so the panel lists it with a tab.
    await session.client.request("browser.navigate", { url: session.pages.url("/task-form.html") });
    panel = await openSidePanel(session);
  });
  afterAll(async () => {
    await session?.close();
    await fake?.close();
  });

  const until = async (check: () => Promise<boolean> | boolean, what: string): Promise<void> => {
    for (let attempt = 0; attempt < 300; attempt++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const badge = async (): Promise<string> => {
    const target = await session.launched.browser.waitForTarget(
      (candidate) => candidate.type() === "service_worker" && candidate.url().startsWith("chrome-extension://"),
    );
    const worker = await target.worker();
    return (await worker?.evaluate("chrome.action.getBadgeText({})")) as string;
  };

  it("lists the connected agent with its tab", async () => {
    await panel.waitFor("[data-agent]");
    const text = await panel.text();
    expect(text).toMatch(/agent [0-9a-f]{6}-\d+/);
    expect(text).toContain("Task form");
    await panel.capture("now-agents");
  });

  it("shows a task's live steps, takes its confirmation in the panel, and refuses the socket's in user mode", async () => {
    await setUserPolicy(session, { confirmations: "user" });
    const { id } = await session.client.request("tasks.start", {
      goal: "apply for the job",
      startUrl: session.pages.url("/task-form.html"),
    });
    await panel.show("now");
    await panel.waitFor(`[data-task="${id}"] [data-step="1"]`);
    // The screenshot step shows its picture.
    await panel.waitFor(`[data-task="${id}"] img.thumb`);
    await until(
      () => events.some((event) => event.kind === "task:update" && event.taskId === id && event.status === "waiting_confirmation"),
      "the confirmation",
    );
    await panel.waitFor(`[data-task="${id}"] .status.waiting_confirmation`);
    await panel.capture("now-task-waiting");
    expect(await badge()).toBe("1");

    // The agent may not answer its own confirmation.
    expect(await session.errorCode("tasks.confirm", { id, allow: true })).toBe("policy_denied");

    await panel.show("confirmations");
    await panel.waitFor("[data-allow]");
    const card = await panel.text();
    expect(card).toContain('left_click → button "Submit application"');
    expect(card).toContain("/task-form.html");
    expect(card).toContain(`task ${id}`);
    await panel.capture("confirmations-task");
    await panel.page.click("[data-allow]");
    const done = await session.client.request("tasks.wait", { id }, { timeoutMs: 60_000 });
    expect(done).toMatchObject({ status: "succeeded", answer: "Page says: Submitted" });
    await until(async () => (await badge()) === "", "the badge to clear");

    await panel.show("history");
    await panel.waitFor(`[data-history="${id}"] [data-outcome]`);
    expect(await panel.text()).toContain("Page says: Submitted");
    await panel.capture("history");
    // The trace opens through the extension's port: no token in the page.
    const opened = session.launched.browser.waitForTarget((target) => target.url().startsWith("blob:chrome-extension://"));
    await panel.page.click(`[data-trace="${id}"]`);
    const traceTab = await (await opened).page();
    expect(JSON.parse((await traceTab?.evaluate(() => document.body.innerText)) ?? "{}")).toMatchObject({
      format: "weboperator.task-trace/1",
      task: { id },
    });
    await traceTab?.close();
  });

  it("lists a task's page_text attachment under its steps in History and opens it as plain text", async () => {
    const lines =
      "for (let i = 0; i < 1500; i++) { const p = document.createElement('p'); p.textContent = 'Line ' + i + ': ' + 'a long page for the panel to keep. '.repeat(2); document.querySelector('main').append(p); }";
    const startUrl = inlinePage(session.pages, `<title>Long</title><main><h1>Long</h1></main><script>${lines}</script>`);
    const { id } = await session.client.request("tasks.start", { goal: "read the whole long page", startUrl });
    expect((await session.client.request("tasks.wait", { id }, { timeoutMs: 60_000 })).status).toBe("succeeded");
    const [saved] = (await session.client.request("tasks.get", { id })).artifacts;
    expect(saved?.kind).toBe("page_text");
    await panel.page.reload();
    await panel.show("history");
    await panel.waitFor(`[data-steps="${id}"]`);
    await panel.page.click(`[data-steps="${id}"]`);
    await panel.waitFor(`[data-artifact="${saved?.name ?? ""}"]`);
    expect(await panel.text()).toContain(`Page text ${saved?.name ?? ""}`);
    const opened = session.launched.browser.waitForTarget((target) => target.url().startsWith("blob:chrome-extension://"));
    await panel.page.click(`[data-artifact="${saved?.name ?? ""}"]`);
    const textTab = await (await opened).page();
    expect(await textTab?.evaluate(() => document.body.innerText)).toContain("Line 1499:");
    await textTab?.close();
  });

  it("holds an agent's browser.* write for the user, keeps it across a service-worker restart, and replays it on Allow", async () => {
    await setUserPolicy(session, { confirmations: "user" });
    const { tabId } = await session.client.request("browser.navigate", { url: session.pages.url("/task-form.html") });
    const ref = findRef((await session.client.request("browser.snapshot", { tabId })).text, "button", "Submit application");
    expect(await session.errorCode("browser.click", { ref, tabId })).toBe("confirmation_required");
    const pending = await pendingIds();
    expect(pending).toHaveLength(1);
    const confirmationId = pending[0] ?? "";
    expect(await session.errorCode("browser.confirm", { id: confirmationId, allow: true })).toBe("policy_denied");

    // Chrome stops idle workers at will; the held action must still be there afterwards.
    await stopExtensionWorker(session.launched.browser);
    await until(async () => (await pendingIds().catch((): string[] => [])).includes(confirmationId), "the confirmation after the restart");

    await panel.page.reload();
    await panel.show("confirmations");
    await panel.waitFor(`[data-confirmation="${confirmationId}"]`);
    const text = await panel.text();
    expect(text).toContain('click → button "Submit application"');
    expect(text).toMatch(/agent [0-9a-f]{6}-\d+/);
    expect(await badge()).toBe("1");
    await panel.capture("confirmations-gate");
    await panel.page.click(`[data-allow="${confirmationId}"]`);
    await until(() => answered.some((event) => event.id === confirmationId), "the confirmation:answered event");
    expect(answered.find((event) => event.id === confirmationId)).toMatchObject({
      allowed: true,
      tool: "browser.click",
      requester: { kind: "agent" },
    });
    expect((await session.client.request("browser.extract", { tabId })).text).toContain("Submitted");
  });

  async function pendingIds(): Promise<string[]> {
    const target = await session.launched.browser.waitForTarget(
      (candidate) => candidate.type() === "service_worker" && candidate.url().startsWith("chrome-extension://"),
    );
    const worker = await target.worker();
    const stored = (await worker?.evaluate(`chrome.storage.session.get("weboperator.pendingConfirmations")`)) as Record<
      string,
      { pending: Array<{ id: string }> } | undefined
    >;
    return (stored["weboperator.pendingConfirmations"]?.pending ?? []).map((entry) => entry.id);
  }

  it("Stop all agents stops every task and refuses socket writes with paused_by_user until Resume", async () => {
    const { id } = await session.client.request("tasks.start", { goal: "wait around", startUrl: session.pages.url("/tabs-one.html") });
    await until(
      () => events.some((event) => event.kind === "task:step" && event.taskId === id && event.step.action === "wait"),
      "the task to run",
    );
    await panel.show("now");
    await panel.page.click("#stop-all");
    await panel.waitFor("#paused-banner:not([hidden])");
    // The switch is on before the tasks are stopped, so nothing new starts meanwhile.
    await until(async () => (await session.client.request("tasks.get", { id })).status === "stopped", "the task to stop");
    expect(await session.errorCode("browser.navigate", { url: session.pages.url("/tabs-two.html") })).toBe("paused_by_user");
    expect(await session.errorCode("tasks.start", { goal: "wait around" })).toBe("paused_by_user");
    // Reads still work, so an agent can see what happened.
    expect((await session.client.request("browser.snapshot", {})).text.length).toBeGreaterThan(0);
    await panel.capture("paused");
    await panel.page.click("#resume-all");
    await panel.waitFor("#paused-banner[hidden]");
    expect((await session.client.request("browser.navigate", { url: session.pages.url("/tabs-two.html") })).url).toContain(
      "/tabs-two.html",
    );
  });

  it("starts a task with a paperclip attachment: copied into Downloads/weboperator-attachments and uploaded, with uploads otherwise off", async () => {
    // The picked file is the task's attachment: its own permission, so allowUploads stays off.
    await setUserPolicy(session, { allowUploads: false, confirmations: "user" });
    const picked = join(mkdtempSync(join(tmpdir(), "wo-pick-")), "panel-cv.txt");
    writeFileSync(picked, "Grace Hopper, admiral");
    await panel.show("new");
    await panel.page.type("#task-goal", "upload from the panel");
    await panel.page.type("#task-url", session.pages.url("/task-form.html"));
    const input = await panel.page.$("input#task-files");
    await input?.uploadFile(picked);
    await panel.page.waitForFunction(() => document.body.innerText.includes("panel-cv.txt"));
    await panel.capture("new-task");
    await panel.page.click("#task-start");
    await panel.page.waitForFunction(() => /Started task_/.test(document.querySelector("#new-task .notice")?.textContent ?? ""));
    const id = /Started (task_[0-9a-f]+)/.exec(await panel.text())?.[1] ?? "";
    const done = await session.client.request("tasks.wait", { id }, { timeoutMs: 60_000 });
    expect(done).toMatchObject({
      status: "succeeded",
      answer: "uploaded",
      attachments: [{ id: "file-1", name: "panel-cv.txt", size: 21 }],
    });
    const folder = join(downloads, "weboperator-attachments");
    expect(existsSync(folder)).toBe(true);
    const [copy] = readdirSync(folder).filter((name) => name.endsWith("panel-cv.txt"));
    expect(readFileSync(join(folder, copy ?? ""), "utf8")).toBe("Grace Hopper, admiral");

    // A file over the upload limit is refused in the panel, with the reason.
    const big = join(mkdtempSync(join(tmpdir(), "wo-pick-")), "huge.bin");
    writeFileSync(big, Buffer.alloc(11 * 1024 * 1024));
    await (await panel.page.$("input#task-files"))?.uploadFile(big);
    await panel.page.waitForFunction(() => /huge\.bin is too large/.test(document.querySelector("#new-task .notice")?.textContent ?? ""));
    await panel.capture("new-task-too-large");
  });

  it("writes the user's policy from Settings, and the gatekeeper applies it", async () => {
    await setUserPolicy(session, null);
    // The browser's own default: "agent" headless, "user" headed. Saving other settings must keep it.
    const confirmations = (await session.client.request("browser.policy_get", {})).policy.confirmations;
    await panel.show("settings");
    await panel.waitFor("#settings-save");
    await panel.capture("settings");
    await panel.page.click("#set-private");
    await panel.page.click("#settings-save");
    await panel.page.waitForFunction(() => /Saved/.test(document.querySelector("#settings .notice")?.textContent ?? ""));
    // The fixture server is on 127.0.0.1: a private address the user now blocks.
    expect(await session.errorCode("browser.navigate", { url: session.pages.url("/tabs-one.html") })).toBe("policy_denied");
    // The socket still cannot loosen what the user set.
    expect(await session.errorCode("browser.policy_set", { blockPrivateNetworks: false })).toBe("policy_denied");
    await panel.page.click("#set-private");
    await panel.page.click("#settings-save");
    await panel.page.waitForFunction(() => /Saved/.test(document.querySelector("#settings .notice")?.textContent ?? ""));
    expect((await session.client.request("browser.navigate", { url: session.pages.url("/tabs-one.html") })).url).toContain(
      "/tabs-one.html",
    );
    expect((await session.client.request("browser.policy_get", {})).policy.confirmations).toBe(confirmations);
  });

  it("saves only the settings the person changed, over changes made meanwhile by an agent and by another panel", async () => {
    await setUserPolicy(session, null);
    const saved = async (on: SidePanel): Promise<void> => {
      await on.page.click("#settings-save");
      await on.page.waitForFunction(() => /Saved/.test(document.querySelector("#settings .notice")?.textContent ?? ""));
    };
    await panel.show("settings");
    await panel.waitFor("#settings-save");
    const javascriptBefore = await panel.page.$eval("#set-js", (box) => (box as HTMLInputElement).checked);
    // While this form is open: an agent tightens the blocklist from the socket, and a second panel changes JavaScript.
    await session.client.request("browser.policy_set", { blockedHosts: ["evil.example"] });
    const second = await openSidePanel(session);
    await second.show("settings");
    await second.waitFor("#settings-save");
    await second.page.click("#set-js");
    await saved(second);
    await second.page.close();
    // The open form follows: the fields nobody touched here now show the policy as it is.
    await panel.page.waitForFunction(
      (before) => (document.querySelector("#set-js") as HTMLInputElement).checked !== before,
      {},
      javascriptBefore,
    );
    await panel.page.waitForFunction(() => (document.querySelector("#set-blocked") as HTMLTextAreaElement).value.includes("evil.example"));
    // This panel changes only uploads.
    await panel.page.click("#set-uploads");
    await saved(panel);
    const after = await session.client.request("browser.policy_get", {});
    expect(after.policy.allowJavaScript).toBe(!javascriptBefore);
    expect(after.policy.blockedHosts).toContain("evil.example");
    // The user's own settings hold what people changed, and not the agent's tightening.
    expect([...after.userOverrides].sort()).toEqual(["allowJavaScript", "allowUploads"]);
    expect(after.agentOverrides).toEqual(["blockedHosts"]);
    // A Save with nothing changed writes nothing.
    await panel.page.click("#settings-save");
    await panel.page.waitForFunction(() => /Nothing to save/.test(document.querySelector("#settings .notice")?.textContent ?? ""));
  });
});
