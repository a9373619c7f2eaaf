import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebOperatorClient } from "../../agent-client/client.js";
import type { TaskEvent } from "../../protocol/index.js";
import {
  answerWithResult,
  byGoal,
  engineTool,
  startFakeMessagesApi,
  toolResults,
  type FakeMessagesApi,
  type RecordedRequest,
  type ScriptedTurn,
} from "../helpers/fakeMessagesApi.js";
import { collectTaskEvents, taskEventWaits } from "../helpers/taskEvents.js";
import { setUserPolicy } from "../helpers/userPolicy.js";
import { openSidePanel } from "../helpers/sidePanel.js";
import { killBridgeAndReconnect } from "../helpers/bridgeRestart.js";
import { startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

const SCRIPTS: Record<string, ScriptedTurn[]> = {
  "ask which name": [engineTool("ask_user", { question: "Which name goes on the form?" }), answerWithResult],
  "sign in for me": [
    engineTool("request_user_action", { kind: "credentials", instructions: "Please sign in to the shop in the task's tab." }),
    answerWithResult,
  ],
  "ask across a restart": [engineTool("ask_user", { question: "Which colour?" }), answerWithResult],
};

describe("the engine's interaction tools: ask_user and request_user_action, through the socket and the side panel", () => {
  let session: WebOperatorSession;
  let fake: FakeMessagesApi;
  const events: TaskEvent[] = [];

  beforeAll(async () => {
    fake = await startFakeMessagesApi(byGoal(SCRIPTS));
    session = await startWebOperatorSession(
      { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.baseURL },
      { confirmations: "agent" },
    );
    collectTaskEvents(session.client, events);
  });
  afterAll(async () => {
    await session?.close();
    await fake?.close();
  });

  const { waitFor } = taskEventWaits(() => session.client, events);
  const requestsOf = (goal: string): RecordedRequest[] => fake.requests.filter((request) => request.body.messages[0]?.content === goal);
  const waitingOf = (id: string): Promise<TaskEvent> =>
    waitFor((event) => event.kind === "task:update" && event.taskId === id && event.status === "waiting_interaction");
  const start = async (goal: string, client: WebOperatorClient = session.client): Promise<string> =>
    (await client.request("tasks.start", { goal, startUrl: session.pages.url("/task-form.html") })).id;

  it("offers the model ask_user and request_user_action beside the browser toolset", async () => {
    const id = await start("ask which name");
    await waitingOf(id);
    const tools = (requestsOf("ask which name")[0]?.body.tools ?? []) as Array<{ name?: string; type?: string }>;
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["ask_user", "request_user_action"]));
    expect(tools.some((tool) => tool.type?.startsWith("browser_toolset") === true)).toBe(true);
    await session.client.request("tasks.stop", { id });
  });

  it("ask_user: the task waits in waiting_interaction with its question, and tasks.respond's text is the tool's result", async () => {
    const id = await start("ask which name");
    const waiting = await waitingOf(id);
    expect(waiting.kind === "task:update" && waiting.interaction).toMatchObject({
      type: "question",
      question: "Which name goes on the form?",
    });
    // The protocol's event shape: the task object rides along.
    expect(waiting.kind === "task:update" && waiting.task).toMatchObject({
      id,
      status: "waiting_interaction",
      pendingInteraction: { type: "question" },
    });
    const detail = await session.client.request("tasks.get", { id });
    expect(detail).toMatchObject({
      status: "waiting_interaction",
      pendingInteraction: { type: "question", question: "Which name goes on the form?" },
    });

    // The wrong kind of answer is refused, and nothing is lost.
    expect(await session.errorCode("tasks.respond", { id, done: true })).toBe("bad_request");
    expect(await session.errorCode("tasks.respond", { id, text: "Ada", done: true })).toBe("bad_request");
    expect(await session.errorCode("tasks.respond", { id: "task_000000000000", text: "x" })).toBe("not_found");

    const responded = await session.client.request("tasks.respond", { id, text: "Ada Lovelace" });
    expect(responded.interactionId).toBe(detail.pendingInteraction?.id);
    const done = await session.client.request("tasks.wait", { id }, { timeoutMs: 60_000 });
    expect(done).toMatchObject({ status: "succeeded", answer: "told: The person answered: Ada Lovelace", pendingInteraction: null });
    const [result] = toolResults(requestsOf("ask which name").at(-1)!);
    expect(result?.is_error).not.toBe(true);
    const steps = (await session.client.request("tasks.get", { id })).steps;
    expect(steps.find((step) => step.action === "ask_user")).toMatchObject({ ok: true, summary: "the person answered (12 chars)" });
    // A task that waits for nothing refuses an answer.
    expect(await session.errorCode("tasks.respond", { id, text: "again" })).toBe("invalid_state");
  });

  it('request_user_action: with confirmations "user" only the side panel answers; the model hears that it was done, never a secret', async () => {
    await setUserPolicy(session, { confirmations: "user" });
    const panel = await openSidePanel(session);
    try {
      const id = await start("sign in for me");
      const waiting = await waitingOf(id);
      expect(waiting.kind === "task:update" && waiting.interaction).toMatchObject({
        type: "user_action",
        action: "credentials",
        instructions: "Please sign in to the shop in the task's tab.",
      });
      expect(await session.errorCode("tasks.respond", { id, done: true })).toBe("policy_denied");

      await panel.show("confirmations");
      const interactionId = waiting.kind === "task:update" ? (waiting.interaction?.id ?? "") : "";
      await panel.waitFor(`[data-interaction="${interactionId}"] [data-done]`);
      const card = await panel.text();
      expect(card).toContain("Sign in: your turn");
      expect(card).toContain("Please sign in to the shop in the task's tab.");
      await panel.capture("interaction-user-action");
      // The person brings the task's background tab to the front to do the step there.
      await panel.page.click(`[data-interaction="${interactionId}"] [data-show-tab]`);
      const tabs = await session.client.request("browser.tabs_list", {});
      expect(
        tabs.tabs.find((tab) => tab.active && tab.tabId === (waiting.kind === "task:update" ? waiting.task?.tabId : -1)),
      ).toBeDefined();
      await panel.page.click(`[data-interaction="${interactionId}"] [data-done]`);
      const done = await session.client.request("tasks.wait", { id }, { timeoutMs: 60_000 });
      expect(done.status).toBe("succeeded");
      expect(done.answer).toContain("told: The person says the credentials step is done.");
    } finally {
      await panel.page.close();
      await setUserPolicy(session, null);
    }
  });

  it("ask_user through the side panel: the question shows with a reply box, and the person's answer is the tool's result", async () => {
    await setUserPolicy(session, { confirmations: "user" });
    const panel = await openSidePanel(session);
    try {
      const id = await start("ask which name");
      const waiting = await waitingOf(id);
      const interactionId = waiting.kind === "task:update" ? (waiting.interaction?.id ?? "") : "";
      // With confirmations "user", the person answers: the socket may not.
      expect(await session.errorCode("tasks.respond", { id, text: "from an agent" })).toBe("policy_denied");
      await panel.show("confirmations");
      await panel.waitFor(`[data-reply="${interactionId}"]`);
      expect(await panel.text()).toContain("Which name goes on the form?");
      await panel.page.type(`[data-reply="${interactionId}"]`, "Grace Hopper");
      await panel.page.click(`[data-send="${interactionId}"]`);
      const done = await session.client.request("tasks.wait", { id }, { timeoutMs: 60_000 });
      expect(done).toMatchObject({ status: "succeeded", answer: "told: The person answered: Grace Hopper" });
    } finally {
      await panel.page.close();
      await setUserPolicy(session, null);
    }
  });

  // Last: it kills the session's bridge, and with it session.client.
  it("keeps the question across a bridge restart: the interrupted task still shows it, and the answer resumes it without asking again", async () => {
    const id = await start("ask across a restart");
    await waitingOf(id);
    const client = await killBridgeAndReconnect(session);
    try {
      const interrupted = await client.request("tasks.get", { id });
      expect(interrupted).toMatchObject({ status: "interrupted", pendingInteraction: { type: "question", question: "Which colour?" } });
      const responded = await client.request("tasks.respond", { id, text: "Teal" });
      expect(responded.interactionId).toBe(interrupted.pendingInteraction?.id);
      const done = await client.request("tasks.wait", { id }, { timeoutMs: 60_000 });
      expect(done).toMatchObject({ status: "succeeded", answer: "told: The person answered: Teal" });
      // One question, asked once: the resumed provider got the stored answer.
      const steps = (await client.request("tasks.get", { id })).steps.filter((step) => step.action === "ask_user");
      expect(steps.map((step) => step.ok)).toContain(true);
      expect(
        requestsOf("ask across a restart").filter((request) => JSON.stringify(request.body.messages).includes("Which colour?")),
      ).not.toHaveLength(0);
    } finally {
      client.close();
    }
  }, 120_000);
});
