import { beforeAll, describe, expect, it } from "vitest";
import type { TaskInteraction } from "../../protocol/index.js";
import { answerWithResult, engineTool, type FakeMessagesApi, type RecordedRequest, type ScriptedTurn } from "../helpers/fakeMessagesApi.js";
import { taskEventWaits } from "../helpers/taskEvents.js";
import { killBridgeAndReconnect } from "../helpers/bridgeRestart.js";
import { useClaudeTaskSession } from "../helpers/claudeTaskSession.js";
import type { WebOperatorSession } from "../helpers/webOperatorSession.js";

/**
 * A page whose status line changes only when another tab of its origin writes localStorage:
 * the storage event reaches a background tab, in another window, with no timers of its own.
 */
const WATCHED_PAGE = `<title>Build</title><p id="status">Build running</p><script>addEventListener("storage", (event) => { if (event.key === "status") document.getElementById("status").textContent = event.newValue; });</script>`;
const signalPage = (status: string): string =>
  `<title>Signal</title><script>localStorage.setItem("status", ${JSON.stringify(status)});</script><p>sent</p>`;

const SCRIPTS: Record<string, ScriptedTurn[]> = {
  "watch for the build": [engineTool("watch_page", { text: "Build passed", until: "appears", timeout_seconds: 600 }), answerWithResult],
  "watch that runs out": [
    engineTool("watch_page", { text: "Build running", until: "goes", timeout_seconds: 0 }),
    engineTool("watch_page", { text: "Build running", until: "goes", timeout_seconds: 2 }),
    answerWithResult,
  ],
  "wait a moment": [
    engineTool("schedule_resume", {}),
    engineTool("schedule_resume", { at: "tomorrow at nine" }),
    engineTool("schedule_resume", { at: "2020-01-01T00:00:00Z" }),
    engineTool("schedule_resume", { after_seconds: 3_600 }),
    engineTool("schedule_resume", { at: "2099-01-01T00:00:00Z", after_seconds: 5 }),
    engineTool("schedule_resume", { after_seconds: 1 }),
    answerWithResult,
  ],
  "watch across a restart": [engineTool("watch_page", { text: "Deployed", until: "appears", timeout_seconds: 600 }), answerWithResult],
  "sleep across a restart": [engineTool("schedule_resume", { after_seconds: 5 }), answerWithResult],
};

describe("the engine's waiting tools: watch_page and schedule_resume, persisted across a bridge restart", () => {
  const claude = useClaudeTaskSession(SCRIPTS);
  const { waitFor } = taskEventWaits(() => claude.session().client, claude.events);
  let session: WebOperatorSession;
  let fake: FakeMessagesApi;
  beforeAll(() => {
    session = claude.session();
    fake = claude.fake();
  });

  const requestsOf = (goal: string): RecordedRequest[] => fake.requests.filter((request) => request.body.messages[0]?.content === goal);
  const waitingOn = async (id: string): Promise<TaskInteraction | undefined> => {
    const event = await waitFor(
      (candidate) => candidate.kind === "task:update" && candidate.taskId === id && candidate.status === "waiting_interaction",
    );
    return event.kind === "task:update" ? event.interaction : undefined;
  };
  const start = async (goal: string, timeoutMs?: number): Promise<string> =>
    (
      await session.client.request("tasks.start", {
        goal,
        startUrl: session.pages.url(`/page?html=${encodeURIComponent(WATCHED_PAGE)}`),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
      })
    ).id;
  const signal = async (status: string): Promise<void> => {
    const opened = await session.client.request("browser.tab_open", {
      url: session.pages.url(`/page?html=${encodeURIComponent(signalPage(status))}`),
    });
    await session.client.request("browser.tab_close", { tabId: opened.tabId });
  };

  it("offers the model watch_page and schedule_resume beside the browser toolset", async () => {
    const id = await start("watch for the build");
    await waitingOn(id);
    const tools = (requestsOf("watch for the build")[0]?.body.tools ?? []) as Array<{ name?: string }>;
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["watch_page", "schedule_resume"]));
    await session.client.request("tasks.stop", { id });
  });

  it("watch_page waits in waiting_interaction until the text appears on the task's background tab, and tells the model", async () => {
    const id = await start("watch for the build");
    const watch = await waitingOn(id);
    const detail = await session.client.request("tasks.get", { id });
    expect(watch).toMatchObject({ type: "watch", text: "Build passed", until: "appears", tabId: detail.tabId });
    expect(detail).toMatchObject({ status: "waiting_interaction", pendingInteraction: { type: "watch", text: "Build passed" } });
    // A watch waits on the page, not on a person.
    expect(await session.errorCode("tasks.respond", { id, done: true })).toBe("invalid_state");
    expect((await session.client.request("tasks.get", { id })).status).toBe("waiting_interaction");

    await signal("Build passed");
    const done = await session.client.request("tasks.wait", { id }, { timeoutMs: 60_000 });
    expect(done.status).toBe("succeeded");
    expect(done.answer).toMatch(/^told: "Build passed" appeared on the page \(seen at /);
    const steps = (await session.client.request("tasks.get", { id })).steps;
    expect(steps.find((step) => step.action === "watch_page")).toMatchObject({ ok: true });
  });

  it("watch_page refuses a bound out of range, and ends at its bound when the text stays", async () => {
    const id = await start("watch that runs out");
    const done = await session.client.request("tasks.wait", { id }, { timeoutMs: 60_000 });
    expect(done.status).toBe("succeeded");
    expect(done.answer).toMatch(/^told: The watch's time ran out at .*: "Build running" never went\./);
    const steps = (await session.client.request("tasks.get", { id })).steps.filter((step) => step.action === "watch_page");
    expect(steps.map((step) => [step.ok, step.errorCode])).toEqual([
      [false, "bad_request"],
      [true, null],
    ]);
    const badBound = JSON.stringify(requestsOf("watch that runs out")[1]?.body.messages.at(-1));
    expect(badBound).toContain("timeout_seconds is 0; give 1 to 86400 seconds.");
  });

  it("schedule_resume refuses a missing, unreadable, past, too late or doubled time, then pauses until its time", async () => {
    const id = await start("wait a moment", 60_000);
    const schedule = await waitingOn(id);
    expect(schedule).toMatchObject({ type: "schedule" });
    const resumeAt = schedule?.type === "schedule" ? schedule.resumeAt : "";
    const done = await session.client.request("tasks.wait", { id }, { timeoutMs: 60_000 });
    expect(done.status).toBe("succeeded");
    const resumedAt = /went on at (\S+)\.$/.exec(done.answer ?? "")?.[1] ?? "";
    expect(Date.parse(resumedAt)).toBeGreaterThanOrEqual(Date.parse(resumeAt));
    const steps = (await session.client.request("tasks.get", { id })).steps.filter((step) => step.action === "schedule_resume");
    expect(steps.map((step) => step.errorCode)).toEqual(["bad_request", "bad_request", "bad_request", "bad_request", "bad_request", null]);
    const told = requestsOf("wait a moment").map((request) => JSON.stringify(request.body.messages.at(-1)));
    expect(told[1]).toContain("either at (an ISO 8601 time) or after_seconds");
    expect(told[2]).toContain("is not an ISO 8601 time with an offset");
    expect(told[3]).toContain("has already passed");
    expect(told[4]).toContain("past the end of this task's time");
    expect(told[5]).toContain("not both and not neither");
  });

  // Last: it kills the session's bridge, and with it session.client.
  it("a watch and a schedule outlive a bridge restart: the next bridge goes on waiting without tasks.resume, to the recorded deadline", async () => {
    const watching = await start("watch across a restart");
    const sleeping = await start("sleep across a restart");
    const watch = await waitingOn(watching);
    const schedule = await waitingOn(sleeping);
    const client = await killBridgeAndReconnect(session);
    try {
      const resumeAt = schedule?.type === "schedule" ? schedule.resumeAt : "";
      // The watch is waiting again (resumed by the new bridge, not by us), under the same request.
      for (;;) {
        const detail = await client.request("tasks.get", { id: watching });
        if (detail.status === "waiting_interaction") {
          expect(detail.pendingInteraction).toEqual(watch);
          break;
        }
        expect(["interrupted", "running"]).toContain(detail.status);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const signalTab = await client.request("browser.tab_open", {
        url: session.pages.url(`/page?html=${encodeURIComponent(signalPage("Deployed"))}`),
      });
      const watched = await client.request("tasks.wait", { id: watching }, { timeoutMs: 60_000 });
      await client.request("browser.tab_close", { tabId: signalTab.tabId });
      expect(watched.status).toBe("succeeded");
      expect(watched.answer).toMatch(/^told: "Deployed" appeared on the page/);

      const slept = await client.request("tasks.wait", { id: sleeping }, { timeoutMs: 60_000 });
      expect(slept.status).toBe("succeeded");
      const resumedAt = /went on at (\S+)\.$/.exec(slept.answer ?? "")?.[1] ?? "";
      expect(Date.parse(resumedAt)).toBeGreaterThanOrEqual(Date.parse(resumeAt));
      // Two model calls each, the wait's and the answer's: the resumed task waited on the stored request instead of the model asking again.
      for (const goal of ["watch across a restart", "sleep across a restart"]) expect(requestsOf(goal)).toHaveLength(2);
    } finally {
      client.close();
    }
  }, 120_000);
});
