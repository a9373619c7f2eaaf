import { describe, expect, it } from "vitest";
import { lastResultText, toolUse, type ScriptedTurn } from "../helpers/fakeMessagesApi.js";
import { useClaudeTaskSession } from "../helpers/claudeTaskSession.js";
import { inlinePage } from "../helpers/fixtureServer.js";

/** Set once the session's page server is up: a host outside the governed agent's authorized domains. */
let outsideUrl = "";
const leave: ScriptedTurn = () => ({ stop_reason: "tool_use", content: [toolUse("navigate", { url: outsideUrl })] });
const echo: ScriptedTurn = (request) => ({ stop_reason: "end_turn", content: [{ type: "text", text: lastResultText(request) }] });

/** A task acts for the agent that started it, so it is bound by that agent's governance for its whole life. */
describe("a task started by a governed agent runs under its governance", () => {
  const { session } = useClaudeTaskSession({ "leave as governed": [leave, echo], "leave as free": [leave, echo] });

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
});
