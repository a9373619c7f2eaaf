import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ConfirmationRequestSchema, WebOperatorError, unmarkPageStrings, type ConfirmationRequest } from "../../protocol/index.js";
import { runCli } from "../helpers/cliProcess.js";
import { connectMcpHost } from "../helpers/mcpHost.js";
import { inlinePage } from "../helpers/fixtureServer.js";
import { setUserPolicy } from "../helpers/userPolicy.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

interface Case {
  id: string;
  kind: "consequential" | "harmless";
  action: "click" | "click_xy" | "enter" | "type_submit" | "type";
  role: string;
  name: string;
}

/** The cases are the fixture's <template> elements; their data-* attributes say what to do and expect. */
function fixtureCases(): Case[] {
  const html = readFileSync(new URL("../fixtures/confirm-cases.html", import.meta.url), "utf8");
  return [...html.matchAll(/<template ([^>]*)>/g)].map((match) => {
    const attribute = (name: string): string => new RegExp(`data-${name}="([^"]*)"`).exec(match[1] ?? "")?.[1] ?? "";
    return {
      id: attribute("case"),
      kind: attribute("kind"),
      action: attribute("action"),
      role: attribute("role"),
      name: attribute("name"),
    } as Case;
  });
}

type Outcome = { asked: true; confirmation: ConfirmationRequest; message: string } | { asked: false };

describe("confirmations judge what an action does (fixture confirm-cases.html)", () => {
  let session: WebOperatorSession;
  const cases = fixtureCases();

  beforeAll(async () => {
    session = await startWebOperatorSession({}, { confirmations: "agent" });
  });
  afterAll(async () => {
    await session?.close();
  });

  async function open(id: string): Promise<string> {
    await session.client.request("browser.navigate", { url: session.pages.url(`/confirm-cases.html?case=${id}`) });
    return (await session.client.request("browser.snapshot", {})).text;
  }

  async function status(): Promise<string> {
    const text = (await session.client.request("browser.extract", {})).text;
    return /^(.*)$/m.exec(text.trim())?.[1] ?? "";
  }

  async function act(each: Case, snapshot: string): Promise<Outcome> {
    const ref = findRef(snapshot, each.role, each.name);
    try {
      switch (each.action) {
        case "click":
          await session.client.request("browser.click", { ref });
          break;
        case "click_xy": {
          const { clip } = await session.client.request("browser.screenshot", { ref });
          await session.client.request("browser.click_xy", { x: clip.x + clip.width / 2, y: clip.y + clip.height / 2 });
          break;
        }
        case "enter":
          await session.client.request("browser.press", { key: "Enter", ref });
          break;
        case "type_submit":
          await session.client.request("browser.type", { ref, text: "Thanks!", submit: true });
          break;
        case "type":
          await session.client.request("browser.type", { ref, text: "4242" });
          break;
      }
      return { asked: false };
    } catch (error) {
      if (!(error instanceof WebOperatorError) || error.code !== "confirmation_required") throw error;
      if (error.confirmation === undefined) throw new Error(`${each.id}: confirmation_required without its confirmation field`);
      return { asked: true, confirmation: error.confirmation, message: error.message };
    }
  }

  it("has at least 20 consequential controls and 20 harmless look-alikes", () => {
    expect(cases.filter((each) => each.kind === "consequential").length).toBeGreaterThanOrEqual(20);
    expect(cases.filter((each) => each.kind === "harmless").length).toBeGreaterThanOrEqual(20);
    expect(new Set(cases.map((each) => each.id)).size).toBe(cases.length);
  });

  it("asks for every consequential control, and for at most 2 harmless ones, which run", async () => {
    const askedConsequential: string[] = [];
    const missedConsequential: string[] = [];
    const askedHarmless: string[] = [];
    for (const each of cases) {
      const snapshot = await open(each.id);
      const outcome = await act(each, snapshot);
      const label = `${each.id} ${each.action} ${each.role} "${each.name}"`;
      if (outcome.asked) {
        const { confirmation } = outcome;
        expect(ConfirmationRequestSchema.parse(confirmation), label).toEqual(confirmation);
        expect(confirmation.categories, label).toContain(confirmation.category);
        expect(confirmation.target, label).toEqual({ role: each.role, name: each.name });
        expect(confirmation.url, label).toBe(session.pages.url(`/confirm-cases.html?case=${each.id}`));
        expect(Date.parse(confirmation.expiresAt), label).toBeGreaterThan(Date.now());
        expect(outcome.message, label).toContain(`confirmation id: ${confirmation.id}`);
        // Held back: the page saw nothing.
        expect(await status(), label).toBe("idle");
        await session.client.request("browser.confirm", { id: confirmation.id, allow: false });
        (each.kind === "consequential" ? askedConsequential : askedHarmless).push(`${label}: ${confirmation.categories.join("+")}`);
      } else {
        if (each.kind === "consequential") missedConsequential.push(label);
        // A harmless control really ran: the page reports what it did.
        else await expect.poll(status, { timeout: 5_000, message: label }).not.toBe("idle");
      }
    }
    const consequential = cases.filter((each) => each.kind === "consequential").length;
    const harmless = cases.filter((each) => each.kind === "harmless").length;
    console.log(
      [
        `consequential controls that asked: ${askedConsequential.length}/${consequential}`,
        `harmless look-alikes that asked: ${askedHarmless.length}/${harmless}`,
        ...askedConsequential.map((line) => `  asked: ${line}`),
        ...missedConsequential.map((line) => `  MISSED: ${line}`),
        ...askedHarmless.map((line) => `  FALSE ALARM: ${line}`),
      ].join("\n"),
    );
    expect(missedConsequential).toEqual([]);
    expect(askedConsequential).toHaveLength(consequential);
    expect(askedHarmless.length).toBeLessThanOrEqual(2);
  });
});

describe("the confirmation field reaches every agent surface", () => {
  let session: WebOperatorSession;
  let env: NodeJS.ProcessEnv;
  let pageUrl: string;
  let ref: string;

  beforeAll(async () => {
    session = await startWebOperatorSession({}, { confirmations: "agent" });
    env = {
      ...process.env,
      WEBOPERATOR_AGENT_SOCKET: session.launched.socket,
      WEBOPERATOR_CONFIG_DIR: session.launched.configDir,
      WEBOPERATOR_API_TOKEN: "",
    };
    pageUrl = session.pages.url("/confirm-cases.html?case=c03");
    await session.client.request("browser.navigate", { url: pageUrl });
    ref = findRef((await session.client.request("browser.snapshot", {})).text, "button", "Place order");
  });
  afterAll(async () => {
    await session?.close();
  });

  it("the socket frame carries it beside error and code, and browser.confirm answers its id", async () => {
    const response = await session.client.send({ type: "browser.click", payload: { ref } });
    expect(response).toMatchObject({
      code: "confirmation_required",
      confirmation: {
        tool: "browser.click",
        category: "purchase",
        categories: ["purchase", "submit"],
        target: { role: "button", name: "Place order" },
        url: pageUrl,
      },
    });
    const confirmation = ConfirmationRequestSchema.parse((response as { confirmation?: unknown }).confirmation);
    expect(confirmation.reason).toContain("which sends a form to http://127.0.0.1");
    expect(confirmation.reason).toContain("/checkout/complete");
    const answered = await session.client.request("browser.confirm", { id: confirmation.id, allow: true });
    expect(answered).toMatchObject({ id: confirmation.id, allowed: true });
    expect((await session.client.request("browser.extract", {})).text).toContain("sent Checkout");
  });

  it("a confirmed link whose href the page swapped is not the action the user approved", async () => {
    const page = `<title>Basket</title><p id="out">idle</p><a id="go" href="/cart/checkout" onclick="event.preventDefault(); document.getElementById('out').textContent = 'went to ' + this.getAttribute('href')">Proceed</a>
      <button type="button" onclick="document.getElementById('go').setAttribute('href', '/checkout/express')">Switch</button>`;
    await session.client.request("browser.navigate", { url: inlinePage(session.pages, page) });
    const snapshot = (await session.client.request("browser.snapshot", {})).text;
    const asked = await session.client.send({ type: "browser.click", payload: { ref: findRef(snapshot, "link", "Proceed") } });
    const confirmation = ConfirmationRequestSchema.parse((asked as { confirmation?: unknown }).confirmation);
    expect(confirmation).toMatchObject({ category: "purchase", target: { role: "link", name: "Proceed" } });
    await session.client.request("browser.click", { ref: findRef(snapshot, "button", "Switch") });
    const replay = await session.client.send({ type: "browser.confirm", payload: { id: confirmation.id, allow: true } });
    expect(replay).toMatchObject({
      code: "policy_denied",
      error: expect.stringMatching(/the target element is no longer the one confirmed/),
    });
    expect((await session.client.request("browser.extract", {})).text).toContain("idle");
  });

  it("the CLI prints it under the error, with the command that answers it", async () => {
    // A CLI user is an agent of its own: named, so each command's new connection keeps its tab.
    const cliEnv = { ...env, WEBOPERATOR_AGENT: "confirm-cli" };
    const opened = await runCli(["tab-open", pageUrl], cliEnv);
    expect(opened.status, opened.stderr).toBe(0);
    const printed = await runCli(["snapshot"], cliEnv);
    const fresh = findRef(printed.stdout, "button", "Place order");
    const run = await runCli(["click", fresh], cliEnv);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^error \[confirmation_required\] \(stage: precheck\): /);
    const id = /confirmation (cf_[0-9a-f]+): purchase, submit on button "Place order"/.exec(run.stderr)?.[1];
    expect(id, run.stderr).toBeDefined();
    expect(run.stderr).toContain(`  page:    ${pageUrl}`);
    expect(run.stderr).toContain(`  answer:  weboperator confirm ${id}`);
    const denied = await runCli(["confirm", id ?? "", "--deny", "--json"], cliEnv);
    expect(denied.status, denied.stderr).toBe(0);
    expect(JSON.parse(denied.stdout)).toMatchObject({ result: { id, allowed: false } });
    expect((await runCli(["extract"], cliEnv)).stdout).not.toContain("sent Checkout");
  });

  it("`weboperator confirm ID`, as the hint prints it, allows and runs the held-back click", async () => {
    const cliEnv = { ...env, WEBOPERATOR_AGENT: "confirm-cli-allow" };
    expect((await runCli(["tab-open", pageUrl], cliEnv)).status).toBe(0);
    const run = await runCli(["click", findRef((await runCli(["snapshot"], cliEnv)).stdout, "button", "Place order")], cliEnv);
    expect(run.status).toBe(1);
    const hint = /answer: {2}(weboperator confirm (cf_[0-9a-f]+)) {3}/.exec(run.stderr);
    expect(hint, run.stderr).not.toBeNull();
    const [, command = "", id = ""] = hint ?? [];
    const allowed = await runCli([...command.split(" ").slice(1), "--json"], cliEnv);
    expect(allowed.status, allowed.stderr).toBe(0);
    expect(JSON.parse(allowed.stdout)).toMatchObject({ result: { id, tool: "browser.click", allowed: true } });
    expect((await runCli(["extract"], cliEnv)).stdout).toContain("sent Checkout");
  });

  it('with the user\'s confirmations setting "user", the hint names the side panel and no command that would be refused', async () => {
    await setUserPolicy(session, { confirmations: "user" });
    try {
      const cliEnv = { ...env, WEBOPERATOR_AGENT: "confirm-cli-user" };
      expect((await runCli(["tab-open", pageUrl], cliEnv)).status).toBe(0);
      const run = await runCli(["click", findRef((await runCli(["snapshot"], cliEnv)).stdout, "button", "Place order")], cliEnv);
      expect(run.status).toBe(1);
      const id = /confirmation (cf_[0-9a-f]+): /.exec(run.stderr)?.[1] ?? "";
      expect(run.stderr).toContain("  answer:  the person at the browser answers: Allow or Deny in the WebOperator side panel");
      expect(run.stderr).not.toContain("weboperator confirm cf_");
      // What the hint no longer offers is indeed refused.
      const refused = await runCli(["confirm", id], cliEnv);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("error [policy_denied]");
    } finally {
      await setUserPolicy(session, null);
    }
  });

  it("an MCP tool error carries it as structured content (--structured) and names its id in the text", async () => {
    const client = await connectMcpHost(session, "weboperator-e2e", ["--structured"]);
    try {
      // The MCP server is another agent: it opens its own tab instead of the test's.
      await client.callTool({ name: "tab_open", arguments: { url: pageUrl } });
      const snapshot = (await client.callTool({ name: "snapshot", arguments: {} })) as CallToolResult;
      const text = snapshot.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
      const result = (await client.callTool({
        name: "click",
        arguments: { ref: findRef(text, "button", "Place order") },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      const structured = unmarkPageStrings(result.structuredContent) as { code?: string; confirmation?: unknown };
      expect(structured.code).toBe("confirmation_required");
      const confirmation = ConfirmationRequestSchema.parse(structured.confirmation);
      expect(confirmation).toMatchObject({ category: "purchase", target: { role: "button", name: "Place order" }, url: pageUrl });
      expect(result.content[0]).toMatchObject({
        type: "text",
        text: expect.stringContaining(`call confirm {"id":"${confirmation.id}","allow":true}`),
      });
    } finally {
      await client.close();
    }
  });
});
