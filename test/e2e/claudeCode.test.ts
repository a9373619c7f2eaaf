import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { startFakeMessagesApi, type FakeMessagesApi } from "../helpers/fakeMessagesApi.js";
import { runCli } from "../helpers/cliProcess.js";
import { insideBoundary } from "../helpers/pageData.js";
import { runClaudeCode, type ClaudeCodeRun } from "../../scripts/mcp/claudeCodeHost.js";
import { claudeCodeModel, resultsSeen, type PlanStep, type ResultSeen } from "../../scripts/mcp/scriptedModel.js";
import { startBookingSite, type BookingSite } from "../../scripts/mcp/bookingSite.js";
import { GUEST, WEBOPERATOR_BOOKING, bookingPlan } from "../../scripts/mcp/bookingTask.js";

const PREFIX = "mcp__weboperator__";

/** The tab the agent's results name on their first line. */
function tabIdIn(seen: readonly ResultSeen[]): number {
  const tabId = seen.map((result) => /\[tabId=(\d+)\]/.exec(result.text)?.[1]).find((id) => id !== undefined);
  if (tabId === undefined) throw new Error("no [tabId=N] in any result");
  return Number(tabId);
}

/**
 * The real Claude Code CLI (the pinned devDependency) with `weboperator mcp` loaded from the
 * config `mcp config --client claude-code` prints, against a local fake of the Messages API
 * whose scripted model decides each call from the text of the previous results: it reads the
 * refs for the name, the party size and Reserve out of the snapshot's lines, and the
 * confirmation's id out of the held click's text. What it read is asserted as the fake got it.
 */
describe("Claude Code, the MCP host people use, reading weboperator mcp's results", () => {
  let session: WebOperatorSession;
  let site: BookingSite;
  let api: FakeMessagesApi;
  let run: ClaudeCodeRun;
  let seen: ResultSeen[];

  beforeAll(async () => {
    // The user lets the agent answer confirmations, so Reserve's confirmation goes to the model.
    session = await startWebOperatorSession({}, { confirmations: "agent" });
    site = await startBookingSite();
    // The person's own tab, so the agent's tab is not the browser's last one when the agent closes it.
    await (await session.launched.browser.newPage()).goto(session.pages.url("/chain.html"));
    const plan: PlanStep[] = [
      ...bookingPlan(WEBOPERATOR_BOOKING, site.url),
      // The agent closes its own tab, then asks for a snapshot: no other tab stands in for it.
      { move: (sofar) => ({ tool: "tab_close", input: { tabId: tabIdIn(sofar) } }) },
      { move: () => ({ tool: "snapshot", input: {} }) },
      { move: () => ({ answer: "booked" }) },
    ];
    api = await startFakeMessagesApi(claudeCodeModel("weboperator", plan));
    const env = { ...process.env, WEBOPERATOR_AGENT_SOCKET: session.launched.socket, WEBOPERATOR_CONFIG_DIR: session.launched.configDir };
    const config = await runCli(["mcp", "config", "--client", "claude-code"], env);
    expect(config.status, config.stderr).toBe(0);
    run = await runClaudeCode({
      prompt: "Book a table for Ada Lovelace, party of 4.",
      mcpConfig: config.stdout,
      server: "weboperator",
      baseURL: api.baseURL,
    });
    const main = api.requests.filter((request) =>
      (request.body.tools ?? []).some((tool) => (tool as { name?: string }).name?.startsWith(PREFIX)),
    );
    seen = main.length > 0 ? resultsSeen(main.at(-1)!, PREFIX) : [];
  }, 180_000);
  afterAll(async () => {
    await api?.close();
    await site?.close();
    await session?.close();
  });

  it("runs the booking to the end, and the booking reaches the site's server", () => {
    expect(run.status, `${run.stderr}\n${run.stdout}`).toBe(0);
    expect(run.output?.is_error, run.stdout).toBe(false);
    expect(run.output?.result, seen.map((result) => `${result.tool}: ${result.text}`).join("\n\n")).toBe("booked");
    expect(seen.map((result) => result.tool)).toEqual([
      "navigate",
      "snapshot",
      "type",
      "select_option",
      "click",
      "confirm",
      "tab_close",
      "snapshot",
    ]);
    expect(site.bookings).toEqual([{ name: GUEST.name, party: GUEST.party }]);
  });

  it("names the tools mcp__weboperator__<tool> and sends their definitions to the model", () => {
    const tools = (api.requests.find((request) => request.body.tools !== undefined)?.body.tools ?? []) as Array<{ name: string }>;
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([`${PREFIX}navigate`, `${PREFIX}snapshot`, `${PREFIX}click`, `${PREFIX}confirm`]),
    );
  });

  it("hands the model every result as text blocks we wrote, never a JSON string of structured content", () => {
    for (const result of seen) {
      // Claude Code passes an error's text on as the tool_result's string, a success's as its text blocks.
      if (result.isError) expect(result.content, result.tool).toBe(result.text);
      else expect(result.content, `${result.tool}: ${JSON.stringify(result.content)}`).toEqual([{ type: "text", text: result.text }]);
      expect(result.text).toMatch(/^(?:[a-z_]+(?: done)?(?: \[tabId=\d+\])?:|error \[[a-z_]+\])/);
    }
  });

  it("gives the snapshot as lines with refs, the page's part inside one page-data marking", () => {
    const snapshot = seen[1]!;
    expect(snapshot.text).toMatch(/^snapshot \[tabId=\d+\]: /);
    const { inside, outside } = insideBoundary(snapshot.text);
    expect(inside.split("\n")).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ *- textbox "Your name" .*\[ref=[^\]]+\]$/),
        expect.stringMatching(/^ *- combobox "Party size" .*\[ref=[^\]]+\]$/),
        expect.stringMatching(/^ *- button "Reserve" \[ref=[^\]]+\]$/),
      ]),
    );
    expect(inside).toContain(`URL: ${site.url}`);
    expect(outside).not.toContain("Reserve");
  });

  it("answers each write with its effect and what changed, in at most about 400 characters", () => {
    const [typed, picked] = [seen[2]!, seen[3]!];
    for (const write of [typed, picked]) {
      expect(write.text.length).toBeLessThanOrEqual(400);
      expect(write.text).toMatch(new RegExp(`^${write.tool} done \\[tabId=\\d+\\]: [a-z]+ \\[ref=[^\\]]+\\]`));
      expect(insideBoundary(write.text).outside).toMatch(/\nEffect: [a-z_]+\n/);
    }
    // What was typed and picked is said once, on the diff's line for the target.
    expect(insideBoundary(typed.text).inside).toMatch(
      new RegExp(`^changes:\\n(?:.*\\n)*\\+ textbox "Your name" \\[value="${GUEST.name}"\\] \\[ref=`),
    );
    expect(insideBoundary(picked.text).inside).toMatch(
      new RegExp(`^changes:\\n(?:.*\\n)*\\+ combobox "Party size" \\[value="${GUEST.party}"\\] \\[ref=`),
    );
    expect(typed.text.split(GUEST.name)).toHaveLength(2);
    // The options whose [selected] moved with the pick are not said again.
    expect(picked.text).not.toContain('option "');
  });

  it("holds Reserve for a confirmation the model reads and answers, then tells what the confirmed click did", () => {
    const [held, confirmed] = [seen[4]!, seen[5]!];
    expect(held.isError).toBe(true);
    const { inside, outside } = insideBoundary(held.text);
    expect(outside).toMatch(
      /^error \[confirmation_required\] \(stage: precheck\): click is held for the user's confirmation \(submit\), id cf_/,
    );
    expect(outside).toContain('call confirm {"id":"cf_');
    expect(inside).toContain('reason: submit (activates button "Reserve", which sends a form to ');
    expect(inside).toContain(`url: ${site.url}`);
    expect(confirmed.input).toMatchObject({ allow: true });
    expect(confirmed.isError).toBe(false);
    expect(confirmed.text).toMatch(/^confirm done \[tabId=\d+\]: id=cf_\S+ tool=browser\.click allowed=true; button \[ref=/);
    expect(confirmed.text).toContain("The tab went to a new document");
    // The confirmed click loaded the booking's page: its first look comes in the same answer.
    expect(insideBoundary(confirmed.text).inside).toContain('heading "Table reserved"');
  });

  it("answers tab_not_found once the agent's tab is closed, never another tab", () => {
    const [closed, after] = [seen[6]!, seen[7]!];
    expect(closed.isError, closed.text).toBe(false);
    expect(after.isError).toBe(true);
    expect(after.text).toMatch(/^error \[tab_not_found\]/);
  });
});
