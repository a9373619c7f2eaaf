import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { byGoal, refIn, startFakeMessagesApi, toolUse, type FakeMessagesApi, type ScriptedTurn } from "../helpers/fakeMessagesApi.js";
import { BIN } from "../helpers/cliProcess.js";
import { openSidePanel } from "../helpers/sidePanel.js";
import { setUserPolicy } from "../helpers/userPolicy.js";
import { startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

const GOAL = "apply while the person answers";
const SCRIPT: ScriptedTurn[] = [
  () => ({ stop_reason: "tool_use", content: [toolUse("read_page", { filter: "interactive" })] }),
  (request) => ({
    stop_reason: "tool_use",
    content: [toolUse("left_click", { target: { type: "ref", ref: refIn(request, "button", "Submit application") } })],
  }),
  () => ({ stop_reason: "end_turn", content: [{ type: "text", text: "applied" }] }),
];

describe('`weboperator task` when the user\'s confirmations setting is "user"', () => {
  let session: WebOperatorSession;
  let fake: FakeMessagesApi;

  beforeAll(async () => {
    fake = await startFakeMessagesApi(byGoal({ [GOAL]: SCRIPT }));
    session = await startWebOperatorSession({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.baseURL });
    await setUserPolicy(session, { confirmations: "user" });
  });
  afterAll(async () => {
    await session?.close();
    await fake?.close();
  });

  it("does not ask y/n (the bridge would refuse the answer): it says the person answers in the side panel, and finishes when they do", async () => {
    const env = {
      ...process.env,
      WEBOPERATOR_AGENT_SOCKET: session.launched.socket,
      WEBOPERATOR_CONFIG_DIR: session.launched.configDir,
      WEBOPERATOR_API_TOKEN: "",
    };
    // stdin stays open and silent: a y/n prompt would wait on it forever.
    const child = spawn(process.execPath, [BIN, "task", GOAL, "--start-url", session.pages.url("/task-form.html")], {
      env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
    try {
      for (let attempt = 0; attempt < 300 && !stderr.includes("side panel"); attempt++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stderr).toMatch(
        /waiting for the person at the browser to Allow or Deny left_click on button "Submit application" at http:\/\/127\.0\.0\.1:\d+\/task-form\.html .* in the WebOperator side panel/,
      );
      expect(stderr).not.toContain("[y/N]");

      const panel = await openSidePanel(session);
      await panel.show("confirmations");
      await panel.waitFor("[data-allow]");
      await panel.page.click("[data-allow]");
      expect(await exited, stderr).toBe(0);
      expect(stdout).toContain("applied");
      expect(stderr).toMatch(/task task_[0-9a-f]+: succeeded/);
    } finally {
      child.kill();
    }
  });
});
