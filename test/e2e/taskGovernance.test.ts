import { describe, expect, it } from "vitest";
import { lastResultText, refIn, toolUse, type ScriptedTurn } from "../helpers/fakeMessagesApi.js";
import { useClaudeTaskSession } from "../helpers/claudeTaskSession.js";
import { inlinePage } from "../helpers/fixtureServer.js";

/** Set once the session's page server is up: a host outside the governed agent's authorized domains. */
let outsideUrl = "";
const leave: ScriptedTurn = () => ({ stop_reason: "tool_use", content: [toolUse("navigate", { url: outsideUrl })] });
const echo: ScriptedTurn = (request) => ({ stop_reason: "end_turn", content: [{ type: "text", text: lastResultText(request) }] });

const readAll: ScriptedTurn = () => ({ stop_reason: "tool_use", content: [toolUse("read_page", { filter: "all" })] });
const clickSignIn: ScriptedTurn = (request) => ({
  stop_reason: "tool_use",
  content: [toolUse("left_click", { target: { type: "ref", ref: refIn(request, "button", "Sign in") } })],
});
const readText: ScriptedTurn = () => ({ stop_reason: "tool_use", content: [toolUse("get_page_text", {})] });

/** A task acts for the agent that started it, so it is bound by that agent's governance for its whole life. */
describe("a task started by a governed agent runs under its governance", () => {
  const { session } = useClaudeTaskSession({
    "leave as governed": [leave, echo],
    "leave as free": [leave, echo],
    "sign in as governed": [readAll, clickSignIn, readText, echo],
    "sign in as free": [readAll, clickSignIn, readText, echo],
  });

  it("refuses the governed agent's task a host outside the authorized domains; another agent's task goes there", async () => {
    outsideUrl = inlinePage(session().pages, "<title>Outside</title><p>outside</p>").replace("127.0.0.1", "localhost");
    const startUrl = inlinePage(session().pages, "<title>Inside</title><p>inside</p>");
    const governed = await session().connect();
    try {
      await governed.request("bridge.hello", { agent: "task-governor" });
      await governed.request("body.declare", { governance: { authorized_domains: ["127.0.0.1"] } });
      const { id } = await governed.request("tasks.start", { goal: "leave as governed", startUrl });
      const done = await governed.request("tasks.wait", { id }, { timeoutMs: 60_000 });
      expect(done.answer ?? "").toContain("policy_denied");
      expect(done.answer ?? "").toContain("authorized domains");

      const free = await session().client.request("tasks.start", { goal: "leave as free", startUrl });
      const freeDone = await session().client.request("tasks.wait", { id: free.id }, { timeoutMs: 60_000 });
      expect(freeDone.answer ?? "").not.toContain("policy_denied");
      expect(freeDone.status).toBe("succeeded");
    } finally {
      governed.close();
    }
  });

  it("asks for explicit authorization of a credential submission even with autoConfirm; an ungoverned agent's autoConfirm grants it", async () => {
    const startUrl = inlinePage(
      session().pages,
      `<title>Sign in</title><label>Password <input type="password"></label>
      <button onclick="document.getElementById('status').textContent = 'status: signed in'">Sign in</button><p id="status">status: idle</p>`,
    );
    const free = await session().client.request("tasks.start", { goal: "sign in as free", startUrl, autoConfirm: true });
    const freeDone = await session().client.request("tasks.wait", { id: free.id }, { timeoutMs: 60_000 });
    expect(freeDone).toMatchObject({ status: "succeeded", answer: expect.stringContaining("status: signed in") as string });

    const governed = await session().connect();
    try {
      await governed.request("bridge.hello", { agent: "credential-governor" });
      await governed.request("body.declare", {
        governance: { hard: ["Never submit forms containing credentials without explicit authorization"] },
      });
      const { id } = await governed.request("tasks.start", { goal: "sign in as governed", startUrl, autoConfirm: true });
      await expect
        .poll(async () => (await governed.request("tasks.get", { id })).status, { timeout: 30_000, interval: 100 })
        .toBe("waiting_confirmation");
      // The explicit authorization: whoever the confirmations setting names (here the agent) answers it.
      expect(await governed.request("tasks.confirm", { id, allow: true })).toMatchObject({ allowed: true });
      const done = await governed.request("tasks.wait", { id }, { timeoutMs: 60_000 });
      expect(done).toMatchObject({ status: "succeeded", answer: expect.stringContaining("status: signed in") as string });
    } finally {
      governed.close();
    }
  });
});
