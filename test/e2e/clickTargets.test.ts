import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NO_EFFECT_HINT, type CommandResult } from "../../protocol/index.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { connectMcpHost } from "../helpers/mcpHost.js";
import {
  byGoal,
  lastResultText,
  refIn,
  startFakeMessagesApi,
  toolUse,
  type FakeMessagesApi,
  type ScriptedTurn,
} from "../helpers/fakeMessagesApi.js";

const clickRef =
  (role: string, name: string): ScriptedTurn =>
  (request) => ({
    stop_reason: "tool_use",
    content: [toolUse("left_click", { target: { type: "ref", ref: refIn(request, role, name) } })],
  });
/** Ends the task with the model's last tool result as its answer, so the test reads what the model read. */
const echoResult: ScriptedTurn = (request) => ({ stop_reason: "end_turn", content: [{ type: "text", text: lastResultText(request) }] });
const read: ScriptedTurn = () => ({ stop_reason: "tool_use", content: [toolUse("read_page", { filter: "all" })] });
const SCRIPTS: Record<string, ScriptedTurn[]> = {
  "press the idle button": [read, clickRef("button", "Does nothing"), echoResult],
  "open the second tab": [read, clickRef("tab", "Tab #2"), echoResult],
};

type ClickResult = CommandResult<"browser.click">;

/**
 * Where a click lands: a person's click on the middle of a control goes to whatever lies
 * under the pointer, which is often an inner element that holds the handler. Synthetic and
 * trusted clicks must agree, by the outer ref and by the inner one.
 */
describe("a click lands where a person's would, and a click that changed nothing says so", () => {
  let session: WebOperatorSession;
  let fake: FakeMessagesApi;
  let snapshot: string;
  const ref = (role: string, name: string): string => findRef(snapshot, role, name);
  /** The element after `role "name"` on the snapshot's next line: an inner ref. */
  const innerRef = (role: string, name: string): string => {
    const lines = snapshot.split("\n");
    const at = lines.findIndex((line) => line.includes(`- ${role} "${name}"`));
    const inner = /\[ref=([^\]]+)\]/.exec(lines[at + 1] ?? "")?.[1];
    if (at < 0 || inner === undefined) throw new Error(`no inner ref under ${role} "${name}" in:\n${snapshot}`);
    return inner;
  };
  const status = (result: ClickResult): string => /- status: ([^\n]*)/.exec(result.observation?.text ?? "")?.[1] ?? "(no observation)";
  const click = (ref: string, trusted: boolean): Promise<ClickResult> =>
    session.client.request(trusted ? "browser.click_trusted" : "browser.click", { ref }) as Promise<ClickResult>;

  beforeAll(async () => {
    fake = await startFakeMessagesApi(byGoal(SCRIPTS));
    session = await startWebOperatorSession(
      { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.baseURL },
      { confirmations: "agent" },
    );
  });
  afterAll(async () => {
    await session?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    await session.client.request("browser.navigate", { url: session.pages.url("/click-targets.html") });
    snapshot = (await session.client.request("browser.snapshot", { maxChars: 50_000 })).text;
  });

  for (const trusted of [false, true]) {
    const how = trusted ? "trusted" : "synthetic";
    describe(`${how} input`, () => {
      it("switches a jQuery UI tab by the tab's ref and by its inner link's", async () => {
        const byTab = await click(ref("tab", "Tab #2"), trusted);
        if (!trusted) expect(byTab.input).toBe("synthetic");
        expect(status(byTab)).toBe(`Tab #2 shown (${how})`);
        expect(byTab.effect).toBe("page_changed");
        expect(byTab.observation?.text).toContain("Second panel text");
        const byLink = await click(innerRef("tab", "Tab #3"), trusted);
        expect(status(byLink)).toBe(`Tab #3 shown (${how})`);
      });

      it("opens a card through its stretched title link, by the card's text and by the link", async () => {
        expect(status(await click(ref("generic", "A lamp for windy nights."), trusted))).toBe(`card opened (${how})`);
        expect(status(await click(ref("link", "Storm lamp"), trusted))).toBe(`card opened (${how})`);
      });

      it("toggles a checkbox wrapped in its label", async () => {
        const ticked = await click(ref("checkbox", "I accept the terms"), trusted);
        expect(status(ticked)).toBe(`terms accepted (${how})`);
        expect(ticked.effect).toBe("page_changed");
      });

      it("runs an icon button's handler that sits on its <svg>, by the button's ref and the drawing's", async () => {
        expect(status(await click(ref("button", "Delete draft"), trusted))).toBe(`draft deleted (${how})`);
        await session.client.request("browser.navigate", { url: session.pages.url("/click-targets.html") });
        snapshot = (await session.client.request("browser.snapshot", { maxChars: 50_000 })).text;
        expect(status(await click(innerRef("button", "Delete draft"), trusted))).toBe(`draft deleted (${how})`);
      });

      it("chooses a menu item whose handler is on an inner <span>, by either ref", async () => {
        expect(status(await click(ref("menuitem", "Rename"), trusted))).toBe(`Rename chosen (${how})`);
        expect(status(await click(innerRef("menuitem", "Archive"), trusted))).toBe(`Archive chosen (${how})`);
      });

      it("still refuses a click that a page-level link's stretched ::after would take", async () => {
        const failure = await session.client.send({
          type: trusted ? "browser.click_trusted" : "browser.click",
          payload: { ref: ref("button", "Open the shop") },
        });
        expect(failure).toMatchObject({ code: "obscured" });
        expect(JSON.stringify(failure)).toContain('link \\"Promo\\"');
      });

      it("says effect none for a control that rightly changes nothing, and succeeds", async () => {
        const idle = await click(ref("button", "Does nothing"), trusted);
        expect(idle.effect).toBe("none");
        expect(idle.navigated).toBe(false);
        expect(status(idle)).toBe("idle");
      });
    });
  }

  it("reports each step's effect in batch_actions", async () => {
    const batch = await session.client.request("browser.batch_actions", {
      actions: [
        { tool: "click", ref: ref("button", "Does nothing") },
        { tool: "click", ref: ref("tab", "Tab #3") },
      ],
    });
    expect(batch.completed).toBe(2);
    expect(batch.results.map((step) => (step.result as ClickResult | undefined)?.effect)).toEqual(["none", "page_changed"]);
  });

  it("tells the task engine's model when its click changed nothing, and keeps the plain text when it did", async () => {
    const answerOf = async (goal: string): Promise<string> => {
      const started = await session.client.request("tasks.start", { goal, startUrl: session.pages.url("/click-targets.html") });
      const done = await session.client.request("tasks.wait", { id: started.id }, { timeoutMs: 60_000 });
      expect(done.status).toBe("succeeded");
      return done.answer ?? "";
    };
    expect(await answerOf("press the idle button")).toContain(`Clicked. ${NO_EFFECT_HINT}`);
    const switched = await answerOf("open the second tab");
    expect(switched).toContain("Clicked.");
    expect(switched).not.toContain(NO_EFFECT_HINT);
  });

  it("does the same through MCP: each pattern by either ref, synthetic and trusted, with the effect line", async () => {
    // click_trusted is in the `input` group; the lean default has click.
    const host = await connectMcpHost(session, "click-targets-host", ["--caps", "input"]);
    try {
      const text = async (name: string, args: Record<string, unknown>): Promise<string> => {
        const result = (await host.callTool({ name, arguments: args })) as CallToolResult;
        const body = result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
        if (result.isError === true) throw new Error(`${name} failed: ${body}`);
        return body;
      };
      const fresh = async (): Promise<void> => {
        await text("navigate", { url: session.pages.url("/click-targets.html") });
        snapshot = await text("snapshot", {});
      };
      for (const [tool, how] of [
        ["click", "synthetic"],
        ["click_trusted", "trusted"],
      ] as const) {
        const cases: Array<[() => string, string]> = [
          [() => ref("tab", "Tab #2"), `Tab #2 shown (${how})`],
          [() => innerRef("tab", "Tab #3"), `Tab #3 shown (${how})`],
          [() => ref("generic", "A lamp for windy nights."), `card opened (${how})`],
          [() => ref("link", "Storm lamp"), `card opened (${how})`],
          [() => ref("checkbox", "I accept the terms"), `terms accepted (${how})`],
          [() => ref("button", "Delete draft"), `draft deleted (${how})`],
          [() => innerRef("button", "Delete draft"), `draft deleted (${how})`],
          [() => ref("menuitem", "Rename"), `Rename chosen (${how})`],
          [() => innerRef("menuitem", "Archive"), `Archive chosen (${how})`],
        ];
        for (const [target, status] of cases) {
          await fresh();
          const answer = await text(tool, { ref: target() });
          expect(answer, `${tool} for "${status}"`).toContain(`+ status: ${status}`);
          expect(answer).toContain("Effect: page_changed");
        }
        await fresh();
        const idle = await text(tool, { ref: ref("button", "Does nothing") });
        expect(idle).toContain(`Effect: none — ${NO_EFFECT_HINT}`);
      }
    } finally {
      await host.close();
    }
  });
});
