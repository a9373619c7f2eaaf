import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ConfirmationRequestSchema, WebOperatorError, type ConfirmationRequest } from "../../protocol/index.js";
import type { WebOperatorClient } from "../../agent-client/client.js";
import { inlinePage } from "../helpers/fixtureServer.js";
import { connectMcpHost } from "../helpers/mcpHost.js";
import { setUserPolicy } from "../helpers/userPolicy.js";
import { asThePerson } from "../helpers/personsBrowser.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { refusalOf } from "../helpers/refusal.js";

/** The seed's own two hard rules, word for word. */
const SEED_RULES = [
  "Never submit forms containing credentials without explicit authorization",
  "Never navigate to URLs outside the authorized domain set",
];

/**
 * An agent's governance (body.declare, bridge.hello) is enforced by the gatekeeper for that
 * agent alone: authorized domains, credential forms held for authorization, escalation below
 * a confidence, and a declaration that can only narrow.
 */
describe("governance: an agent's declared hard rules are enforced on its own calls", () => {
  let session: WebOperatorSession;
  let governed: WebOperatorClient;
  let authorizedUrl: string;
  let outsideUrl: string;

  const confirmationOf = async (run: () => Promise<unknown>): Promise<ConfirmationRequest> => {
    const error = await refusalOf(run, "the action");
    if (error.code !== "confirmation_required" || error.confirmation === undefined) throw error;
    return ConfirmationRequestSchema.parse(error.confirmation);
  };
  const status = async (client: WebOperatorClient): Promise<string> =>
    /status: (\w+)/.exec((await client.request("browser.extract", {})).text)?.[1] ?? "";

  beforeAll(async () => {
    session = await startWebOperatorSession({}, { confirmations: "agent" });
    // The user's own policy asks nothing, so every confirmation below is the governance's.
    await setUserPolicy(session, { confirm: { purchase: false, account: false, messaging: false, credentials: false, submit: false } });
    outsideUrl = inlinePage(session.pages, "<title>Outside</title><p>outside page</p>").replace("127.0.0.1", "localhost");
    authorizedUrl = inlinePage(
      session.pages,
      `<title>Sign in</title>
      <form onsubmit="event.preventDefault(); document.getElementById('status').textContent = 'status: sent'">
        <label>User <input name="user"></label>
        <label>Password <input type="password" name="password"></label>
        <button>Sign in</button>
      </form>
      <button onclick="document.getElementById('status').textContent = 'status: pressed'">Press me</button>
      <a href="${outsideUrl}">Elsewhere</a>
      <a href="${session.pages.url(`/redirect?to=${encodeURIComponent(outsideUrl)}`)}">Elsewhere by redirect</a>
      <p id="status">status: idle</p>`,
    );
    governed = await session.connect();
    await governed.request("bridge.hello", { agent: "governed-e2e" });
  });
  afterAll(async () => {
    governed?.close();
    await session?.close();
  });

  it("refuses a hard rule it cannot enforce, and a domain rule without the domains", async () => {
    expect(await session.errorCode("body.declare", { governance: { hard: ["Never buy anything on Tuesdays"] } }, governed)).toBe(
      "bad_request",
    );
    expect(await session.errorCode("body.declare", { governance: { hard: [SEED_RULES[1] ?? ""] } }, governed)).toBe("bad_request");
    expect((await governed.request("bridge.health", {})).agents.find((agent) => agent.name === "governed-e2e")?.governance).toBe(undefined);
  });

  it("takes the seed's declaration as it is and answers the governance in force", async () => {
    const declared = await governed.request("body.declare", {
      $schema: "https://protocol.ampersandboxdesign.com/schema/v0.1.0/ampersand.schema.json",
      agent: "WebOperator",
      version: "0.1.0",
      capabilities: { "&body.browser": { provider: "weboperator" } },
      governance: { hard: SEED_RULES, authorized_domains: ["127.0.0.1"], escalate_when: { confidence_below: 0.7 } },
    });
    expect(declared.agent.governance).toEqual({
      authorizedDomains: ["127.0.0.1"],
      credentialForms: true,
      confidenceBelow: 0.7,
      hard: [
        { rule: SEED_RULES[0], enforcedAs: "credential_forms" },
        { rule: SEED_RULES[1], enforcedAs: "authorized_domains" },
      ],
    });
  });

  it.for(["Elsewhere", "Elsewhere by redirect"])(
    "keeps the agent to its authorized domains: opening, and being led by a link (%s); the other host never gets the request",
    async (link) => {
      const outsideRequests = (): number => session.pages.requested.filter((entry) => entry.startsWith("localhost:")).length;
      const before = outsideRequests();
      expect(await session.errorCode("browser.navigate", { url: outsideUrl }, governed)).toBe("policy_denied");
      const { tabId } = await governed.request("browser.navigate", { url: authorizedUrl });
      const snapshot = (await governed.request("browser.snapshot", { tabId })).text;
      let message = "";
      try {
        await governed.request("browser.click", { tabId, ref: findRef(snapshot, "link", link) });
      } catch (error) {
        if (!(error instanceof WebOperatorError)) throw error;
        expect(error.code).toBe("policy_denied");
        message = error.message;
      }
      expect(message).toContain("authorized domains");
      // The remedy is the agent's own: its declaration, not the user's policy.
      expect(message).toContain("a later declaration cannot widen them");
      expect(message).not.toContain("ask the user to change the policy");
      const tabs = (await governed.request("browser.tabs_list", {})).tabs;
      expect(tabs.find((tab) => tab.tabId === tabId)?.url).toBe("about:blank");
      // Blocked before it left: the network rules hold the agent's tabs to its domains.
      expect(outsideRequests()).toBe(before);
    },
  );

  it("lets another agent on the same browser go where the governed one may not", async () => {
    // Another agent on the same browser is not bound by it.
    const other = await session.client.request("browser.navigate", { url: outsideUrl });
    expect(other.url).toBe(outsideUrl);
  });

  it("holds a credential form's submission for authorization; the same click by an ungoverned agent just runs", async () => {
    const { tabId } = await governed.request("browser.navigate", { url: authorizedUrl });
    const snapshot = (await governed.request("browser.snapshot", { tabId })).text;
    await governed.request("browser.type", { tabId, ref: findRef(snapshot, "textbox", "Password"), text: "hunter2" });
    const signIn = findRef(snapshot, "button", "Sign in");
    const asked = await confirmationOf(() => governed.request("browser.click", { tabId, ref: signIn }));
    expect(asked).toMatchObject({ category: "credentials", tool: "browser.click", target: { role: "button", name: "Sign in" } });
    // Only an L2 write held for another reason carries escalation_l2.
    expect(asked.escalation_l2).toBe(undefined);
    const trusted = await confirmationOf(() => governed.request("browser.click_trusted", { tabId, ref: signIn }));
    expect(trusted).toMatchObject({ category: "credentials", tool: "browser.click_trusted", escalation_l2: true });
    expect(await status(governed)).toBe("idle");
    // Explicit authorization: the confirmation answered, the submission goes through.
    await governed.request("browser.confirm", { id: trusted.id, allow: true });
    expect(await status(governed)).toBe("sent");
    await governed.request("browser.confirm", { id: asked.id, allow: false });

    const free = await session.client.request("browser.navigate", { url: authorizedUrl });
    const freeSnapshot = (await session.client.request("browser.snapshot", { tabId: free.tabId })).text;
    await session.client.request("browser.type", { tabId: free.tabId, ref: findRef(freeSnapshot, "textbox", "Password"), text: "x" });
    await session.client.request("browser.click", { tabId: free.tabId, ref: findRef(freeSnapshot, "button", "Sign in") });
    expect(await status(session.client)).toBe("sent");
  });

  it("asks a person before a body.act below the declared confidence; a confident one runs", async () => {
    await governed.request("browser.navigate", { url: authorizedUrl });
    const doubtful = await governed.request("body.act", {
      type: "click",
      semantic_locator: { role: "button", name: "Press me" },
      confidence: 0.4,
    });
    expect(doubtful).toMatchObject({ status: "failure", error: { code: "confirmation_required" } });
    expect(doubtful.error?.confirmation).toMatchObject({ category: "escalation", categories: ["escalation"] });
    expect(doubtful.error?.confirmation?.reason).toContain("0.4");
    // A person answers an escalation, even with confirmations: "agent"; the agent may only withdraw it.
    const escalation = doubtful.error?.confirmation;
    expect(escalation?.answeredBy).toBe("user");
    expect(await session.errorCode("browser.confirm", { id: escalation?.id ?? "", allow: true }, governed)).toBe("policy_denied");
    expect(await governed.request("browser.confirm", { id: escalation?.id ?? "", allow: false })).toMatchObject({ allowed: false });
    expect(doubtful.edge.typed_action).not.toHaveProperty("confidence");
    expect(await status(governed)).toBe("idle");
    const sure = await governed.request("body.act", {
      type: "click",
      semantic_locator: { role: "button", name: "Press me" },
      confidence: 0.9,
    });
    expect(sure.status).toBe("success");
    expect(await status(governed)).toBe("pressed");
  });

  it("lets a declaration narrow the rules in force, never widen them", async () => {
    const widen = {
      governance: { hard: SEED_RULES, authorized_domains: ["127.0.0.1", "localhost"], escalate_when: { confidence_below: 0.7 } },
    };
    expect(await session.errorCode("body.declare", widen, governed)).toBe("policy_denied");
    expect(await session.errorCode("body.declare", { governance: { authorized_domains: ["127.0.0.1"] } }, governed)).toBe("policy_denied");
    const narrower = await governed.request("body.declare", {
      governance: { hard: SEED_RULES, authorized_domains: ["127.0.0.1"], escalate_when: { confidence_below: 0.9 } },
    });
    expect(narrower.agent.governance?.confidenceBelow).toBe(0.9);
  });

  it("holds a tab the agent took before it declared governance to the domains it declares", async () => {
    const late = await session.connect();
    try {
      await late.request("bridge.hello", { agent: "late-governed" });
      const { tabId } = await late.request("browser.tab_open", { url: authorizedUrl });
      await late.request("body.declare", { governance: { hard: [SEED_RULES[1] ?? ""], authorized_domains: ["127.0.0.1"] } });
      const before = session.pages.requested.filter((entry) => entry.startsWith("localhost:")).length;
      const snapshot = (await late.request("browser.snapshot", { tabId })).text;
      expect(await session.errorCode("browser.click", { tabId, ref: findRef(snapshot, "link", "Elsewhere") }, late)).toBe("policy_denied");
      expect(session.pages.requested.filter((entry) => entry.startsWith("localhost:")).length).toBe(before);
      // The rule lives for the agent's write only: the person may still go anywhere in that tab (an SSO sign-in, say).
      await asThePerson(session, `chrome.tabs.update(${tabId}, { url: ${JSON.stringify(outsideUrl)} }).then(() => 0)`);
      await expect
        .poll(() => session.pages.requested.filter((entry) => entry.startsWith("localhost:")).length, { timeout: 10_000 })
        .toBeGreaterThan(before);
    } finally {
      late.close();
    }
  });

  it("binds an MCP host's agent with weboperator mcp --governance FILE, and refuses to start on a bad file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wo-governance-"));
    const file = join(dir, "governance.json");
    writeFileSync(file, JSON.stringify({ governance: { hard: [SEED_RULES[1]], authorized_domains: ["127.0.0.1"] } }));
    const host = await connectMcpHost(session, "governed-mcp", ["--governance", file]);
    try {
      const outside = (await host.callTool({ name: "navigate", arguments: { url: outsideUrl } })) as CallToolResult;
      expect(outside.isError).toBe(true);
      expect(JSON.stringify(outside.content)).toContain("policy_denied");
      expect(JSON.stringify(outside.content)).toContain("authorized domains");
      const inside = (await host.callTool({ name: "navigate", arguments: { url: authorizedUrl } })) as CallToolResult;
      expect(inside.isError).not.toBe(true);
    } finally {
      await host.close();
    }
    writeFileSync(file, JSON.stringify({ authorized_domains: ["https://not-a-host/"] }));
    await expect(connectMcpHost(session, "badly-governed-mcp", ["--governance", file])).rejects.toThrow();
  });

  it("takes governance with bridge.hello, for every connection of that agent", async () => {
    const first = await session.connect();
    const second = await session.connect();
    try {
      const hello = await first.request("bridge.hello", { agent: "hello-governed", governance: { authorized_domains: ["localhost"] } });
      expect(hello.agent.governance?.authorizedDomains).toEqual(["localhost"]);
      await second.request("bridge.hello", { agent: "hello-governed" });
      expect(await session.errorCode("browser.navigate", { url: authorizedUrl }, second)).toBe("policy_denied");
      expect((await second.request("browser.navigate", { url: outsideUrl })).url).toBe(outsideUrl);
      // A governed connection cannot shed its rules by becoming a named agent.
      const bound = await session.connect();
      await bound.request("body.declare", { governance: { authorized_domains: ["127.0.0.1"] } });
      const renamed = await bound.request("bridge.hello", { agent: "escapee" });
      expect(renamed.agent.governance?.authorizedDomains).toEqual(["127.0.0.1"]);
      expect(await session.errorCode("browser.navigate", { url: outsideUrl }, bound)).toBe("policy_denied");
      bound.close();
      // A hello whose governance cannot be enforced is refused before the connection changes agent.
      const third = await session.connect();
      expect(await session.errorCode("bridge.hello", { agent: "third", governance: { hard: ["Be nice"] } }, third)).toBe("bad_request");
      third.close();
    } finally {
      first.close();
      second.close();
    }
  });
});
