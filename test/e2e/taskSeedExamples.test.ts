import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type TaskEvent } from "../../protocol/index.js";
import {
  byGoal,
  lastResultText,
  refIn,
  startFakeMessagesApi,
  toolResults,
  toolUse,
  type FakeMessagesApi,
  type ScriptedTurn,
} from "../helpers/fakeMessagesApi.js";
import { collectTaskEvents, taskEventWaits } from "../helpers/taskEvents.js";
import { openSidePanel } from "../helpers/sidePanel.js";
import { setUserPolicy } from "../helpers/userPolicy.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { refusalOf } from "../helpers/refusal.js";

/** The code and message a request is refused with. */
async function refusal(run: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  const { code, message } = await refusalOf(run, "the request");
  return { code, message };
}

const SEED_GOAL = "Read the current page title";
const call =
  (name: string, input: unknown): ScriptedTurn =>
  () => ({ stop_reason: "tool_use", content: [toolUse(name, input)] });
const answerWith =
  (pick: (pageText: string) => string): ScriptedTurn =>
  (request) => ({ stop_reason: "end_turn", content: [{ type: "text", text: pick(lastResultText(request)) }] });
const uploadIds =
  (ids: string[]): ScriptedTurn =>
  (request) => ({
    stop_reason: "tool_use",
    content: [toolUse("file_upload", { target: { type: "ref", ref: refIn(request, "button", "CV file") }, document_ids: ids })],
  });

const SCRIPTS: Record<string, ScriptedTurn[]> = {
  // The fixtures' <h1> is their title, so the answer shows which page the task read.
  [SEED_GOAL]: [call("get_page_text", {}), answerWith((text) => /^# (.+)$/m.exec(text)?.[1] ?? "no page")],
  "delete the account": [
    call("read_page", { filter: "interactive" }),
    (request) => ({
      stop_reason: "tool_use",
      content: [toolUse("left_click", { target: { type: "ref", ref: refIn(request, "button", "Delete my account") } })],
    }),
    call("get_page_text", {}),
    answerWith((text) => (text.includes("account deleted") ? "deleted" : "not deleted")),
  ],
  "upload the cv": [
    call("read_page", {}),
    uploadIds(["cv"]),
    call("get_page_text", {}),
    answerWith((text) => (/cv\.txt \(21 bytes\): Ada Lovelace/.test(text) ? "uploaded" : "not uploaded")),
  ],
  "upload another task's cv": [
    call("read_page", {}),
    uploadIds(["cv"]),
    call("get_page_text", {}),
    answerWith((text) => (/cv\.txt/.test(text) ? "uploaded" : "not uploaded")),
  ],
};

describe("the protocol seed's task examples, as written, in real Chromium", () => {
  let session: WebOperatorSession;
  let fake: FakeMessagesApi;
  const events: TaskEvent[] = [];

  beforeAll(async () => {
    fake = await startFakeMessagesApi(byGoal(SCRIPTS));
    session = await startWebOperatorSession({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.baseURL });
    collectTaskEvents(session.client, events);
  });
  afterAll(async () => {
    await session?.close();
    await fake?.close();
  });

  const { confirmationOf } = taskEventWaits(() => session.client, events);
  const wait = (id: string) => session.client.request("tasks.wait", { id }, { timeoutMs: 60_000 });

  it('runs {"goal": "Read the current page title", "autoConfirm": true} in "user" mode, on the agent\'s current page, and says autoConfirm was limited', async () => {
    await setUserPolicy(session, { confirmations: "user" });
    const { tabId } = await session.client.request("browser.navigate", { url: session.pages.url("/tabs-one.html") });
    // Sent as the seed writes it: the raw frame, nothing added.
    const response = await session.client.send({ type: "tasks.start", payload: { goal: SEED_GOAL, autoConfirm: true } });
    if (!("result" in response)) throw new Error(`tasks.start refused: ${response.error}`);
    const started = response.result as {
      id: string;
      currentTabId: number | null;
      autoConfirm: { requested: boolean; effective: boolean; reason: string | null };
    };
    expect(started).toMatchObject({ status: "queued", currentTabId: tabId, autoConfirm: { requested: true, effective: false } });
    expect(started.autoConfirm.reason).toMatch(/confirmations: "user".*every confirmation it meets waits for the user/);
    const done = await wait(started.id);
    expect(done).toMatchObject({ status: "succeeded", answer: "Tabs fixture one", tabId, autoConfirm: false });
    // It worked in the agent's tab: it opened none of its own.
    expect((await session.client.request("tasks.get", { id: started.id })).steps.map((step) => step.action)).toEqual(["get_page_text"]);
  });

  it("runs a tab-less newcomer's task on the visible tab nobody holds", async () => {
    const person = await session.launched.browser.newPage();
    await person.goto(session.pages.url("/tabs-two.html"));
    await person.bringToFront();
    const visible = (await session.client.request("browser.tabs_list", {})).visibleTabId;
    const newcomer = await session.connect();
    const started = await newcomer.request("tasks.start", { goal: SEED_GOAL });
    expect(started).toMatchObject({ currentTabId: visible, autoConfirm: { requested: false, effective: false, reason: null } });
    expect(await wait(started.id)).toMatchObject({ status: "succeeded", answer: "Tabs fixture two", tabId: visible });
    // Reading it claimed nothing: the person's tab still belongs to no agent.
    const listed = await session.client.request("browser.tabs_list", {});
    expect(listed.tabs.find((tab) => tab.tabId === visible)?.agent).toBeUndefined();
  });

  it("refuses, with the way out, a task on a visible tab another agent holds; that agent's own task runs there", async () => {
    const visible = (await session.client.request("browser.tabs_list", {})).visibleTabId ?? 0;
    const holder = await session.connect();
    await holder.request("browser.navigate", { url: session.pages.url("/tabs-one.html"), tabId: visible });
    expect((await session.client.request("browser.tabs_list", {})).tabs.find((tab) => tab.tabId === visible)?.agent).toBeDefined();
    const other = await session.connect();
    const refused = await refusal(() => other.request("tasks.start", { goal: SEED_GOAL }));
    expect(refused.code).toBe("tab_owned_by_other_agent");
    expect(refused.message).toMatch(/visible tab \d+ is agent ".+"'s.*Give startUrl/);
    const own = await holder.request("tasks.start", { goal: SEED_GOAL });
    expect(own.currentTabId).toBe(visible);
    expect(await wait(own.id)).toMatchObject({ status: "succeeded", answer: "Tabs fixture one" });
  });

  it('with autoConfirm in "user" mode, even a confirmation autoConfirm would grant waits for the person; in "agent" mode it is granted', async () => {
    await setUserPolicy(session, { confirmations: "user" });
    const panel = await openSidePanel(session);
    try {
      const { tabId } = await session.client.request("browser.navigate", { url: session.pages.url("/confirm-cases.html?case=c15") });
      const started = await session.client.request("tasks.start", { goal: "delete the account", autoConfirm: true });
      expect(started).toMatchObject({ currentTabId: tabId, autoConfirm: { effective: false } });
      const waiting = await confirmationOf(started.id);
      expect(waiting.kind === "task:update" && waiting.confirmation).toMatchObject({
        name: "Delete my account",
        reasons: expect.stringMatching(/^account/),
      });
      // Not the agent: only the person answers.
      expect(await session.errorCode("tasks.confirm", { id: started.id, allow: true })).toBe("policy_denied");
      await panel.show("confirmations");
      await panel.waitFor("[data-allow]");
      await panel.page.click("[data-allow]");
      expect(await wait(started.id)).toMatchObject({ status: "succeeded", answer: "deleted" });
    } finally {
      await panel.page.close();
    }

    await setUserPolicy(session, { confirmations: "agent" });
    await session.client.request("browser.navigate", { url: session.pages.url("/confirm-cases.html?case=c15") });
    const granted = await session.client.request("tasks.start", { goal: "delete the account", autoConfirm: true });
    expect(granted.autoConfirm).toMatchObject({ requested: true, effective: true, reason: expect.stringMatching(/Final submit/) });
    expect(await wait(granted.id)).toMatchObject({ status: "succeeded", answer: "deleted" });
    expect(
      events.some((event) => event.taskId === granted.id && event.kind === "task:update" && event.status === "waiting_confirmation"),
    ).toBe(false);
  });

  describe("an attachment is its own permission (allowUploads off)", () => {
    let cvFolder: string;

    beforeAll(async () => {
      await setUserPolicy(session, { confirmations: "agent" });
      expect((await session.client.request("browser.policy_get", {})).policy.allowUploads).toBe(false);
      cvFolder = join(session.launched.configDir, "outside");
      mkdirSync(cvFolder, { recursive: true });
      writeFileSync(join(cvFolder, "cv.txt"), "Ada Lovelace, analyst");
    });

    it("uploads a task's attachment into its page", async () => {
      const { id } = await session.client.request("tasks.start", {
        goal: "upload the cv",
        startUrl: session.pages.url("/task-form.html"),
        attachments: [{ id: "cv", name: "cv.txt", path: join(cvFolder, "cv.txt") }],
      });
      expect(await wait(id)).toMatchObject({ status: "succeeded", answer: "uploaded" });
    });

    it("refuses the attachment id in another task, and from an agent on the socket", async () => {
      writeFileSync(join(cvFolder, "letter.txt"), "Dear hiring team");
      const { id } = await session.client.request("tasks.start", {
        goal: "upload another task's cv",
        startUrl: session.pages.url("/task-form.html"),
        attachments: [{ id: "letter", name: "letter.txt", path: join(cvFolder, "letter.txt") }],
      });
      const done = await wait(id);
      expect(done).toMatchObject({ status: "succeeded", answer: "not uploaded" });
      const [attempt] = toolResults(
        fake.requests.filter((request) => request.body.messages[0]?.content === "upload another task's cv")[2]!,
      );
      expect(attempt?.is_error).toBe(true);

      const { tabId } = await session.client.request("browser.navigate", { url: session.pages.url("/task-form.html") });
      const ref = findRef((await session.client.request("browser.snapshot", { tabId })).text, "button", "CV file");
      const named = await refusal(() => session.client.request("browser.upload_file", { ref, tabId, attachments: ["cv"] }));
      expect(named.code).toBe("upload_refused");
      expect(named.message).toMatch(/resolve only inside the task they were given to/);
      expect((await session.client.request("browser.extract", { tabId })).text).toContain("no file");
    });

    it("still needs allowUploads for an upload by path", async () => {
      const uploads = join(session.launched.configDir, "uploads");
      mkdirSync(uploads, { recursive: true });
      writeFileSync(join(uploads, "cv.txt"), "Ada Lovelace, analyst");
      const { tabId } = await session.client.request("browser.navigate", { url: session.pages.url("/task-form.html") });
      const ref = findRef((await session.client.request("browser.snapshot", { tabId })).text, "button", "CV file");
      const denied = await refusal(() => session.client.request("browser.upload_file", { ref, tabId, paths: [join(uploads, "cv.txt")] }));
      expect(denied.code).toBe("policy_denied");
      expect(denied.message).toMatch(/allowUploads/);
      // The same upload runs once the user allows uploads: the refusal was the policy's.
      await setUserPolicy(session, { confirmations: "agent", allowUploads: true });
      expect((await session.client.request("browser.upload_file", { ref, tabId, paths: [join(uploads, "cv.txt")] })).files).toEqual([
        { name: "cv.txt", size: 21, mimeType: "text/plain" },
      ]);
      await setUserPolicy(session, { confirmations: "agent" });
    });
  });
});
