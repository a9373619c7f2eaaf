import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebOperatorClient } from "../../agent-client/client.js";
import { WebOperatorError } from "../../protocol/index.js";
import { findRef, startWebOperatorSession, type CommandResult, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { setUserPolicy } from "../helpers/userPolicy.js";
import { runCli } from "../helpers/cliProcess.js";
import { refusalOf } from "../helpers/refusal.js";

type Groups = CommandResult<"browser.tab_groups_list">["groups"];

describe("agents are separate: own route, own tab group, no acting in another agent's tab", () => {
  let session: WebOperatorSession;
  const names = ["alpha", "bravo", "charlie"] as const;
  const agents = new Map<string, WebOperatorClient>();
  const tabs = new Map<string, number>();

  const connectAs = async (name: string): Promise<WebOperatorClient> => {
    const client = await WebOperatorClient.connect({ socketPath: session.launched.socket, token: session.launched.token, agent: name });
    return client;
  };
  const codeOf = async (promise: Promise<unknown>): Promise<string> => (await refusalOf(promise)).code;
  const groups = async (): Promise<Groups> => (await session.client.request("browser.tab_groups_list", {})).groups;

  beforeAll(async () => {
    session = await startWebOperatorSession();
    for (const name of names) agents.set(name, await connectAs(name));
  });
  afterAll(async () => {
    for (const client of agents.values()) client.close();
    await session?.close();
  });

  it("bridge.hello names the connection's agent; a second name on it is invalid_state", async () => {
    const probe = await session.connect();
    const hello = await probe.request("bridge.hello", { agent: "probe" });
    expect(hello.agent).toMatchObject({ id: "agent:probe", name: "probe", kind: "named", connections: 1, lastTabId: null });
    expect(await probe.request("bridge.hello", { agent: "probe" })).toMatchObject({ agent: { id: "agent:probe" } });
    expect(await session.errorCode("bridge.hello", { agent: "other" }, probe)).toBe("invalid_state");
    expect(await session.errorCode("bridge.hello", { agent: "bad/name" }, probe)).toBe("bad_request");
    probe.close();
  });

  it("three agents at once each open a tab, which lands in their own titled, coloured group", async () => {
    const url = session.pages.url("/agent-counter.html");
    const opened = await Promise.all(names.map((name) => agents.get(name)!.request("browser.tab_open", { url: `${url}?who=${name}` })));
    names.forEach((name, index) => tabs.set(name, opened[index]!.tabId));
    expect(new Set(tabs.values()).size).toBe(3);
    const listed = (await session.client.request("browser.tabs_list", {})).tabs;
    for (const name of names) expect(listed.find((tab) => tab.tabId === tabs.get(name))?.agent).toBe(`agent:${name}`);
    const health = await session.client.request("bridge.health", {});
    for (const name of names) {
      const info = health.agents.find((agent) => agent.id === `agent:${name}`);
      expect(info).toMatchObject({ name, kind: "named", connections: 1, lastTabId: tabs.get(name) });
      const group = (await groups()).find((candidate) => candidate.title === name);
      expect(group?.tabIds).toEqual([tabs.get(name)]);
      expect(group?.color).toBe(info?.color);
    }
  });

  it("interleaved navigate, snapshot and click without tabId: each stays in its own tab, zero cross-talk", async () => {
    const url = session.pages.url("/agent-counter.html");
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        names.map(async (name) => {
          const client = agents.get(name)!;
          const own = tabs.get(name);
          const navigated = await client.request("browser.navigate", { url: `${url}?who=${name}&round=${round}` });
          expect(navigated.tabId).toBe(own);
          const snapshot = await client.request("browser.snapshot", {});
          expect(snapshot).toMatchObject({ tabId: own, title: `Counter of ${name}` });
          const clicked = await client.request("browser.click", { ref: findRef(snapshot.text, "button", "Count") });
          expect(clicked.tabId).toBe(own);
          const page = await client.request("browser.extract", {});
          expect(page.tabId).toBe(own);
          expect(page.text).toContain(`${name} clicks: 1`);
        }),
      );
    }
    // Every page saw exactly its own agent's one click of the round, nobody else's.
    for (const name of names) {
      const page = await agents.get(name)!.request("browser.extract", { tabId: tabs.get(name)! });
      for (const other of names.filter((candidate) => candidate !== name)) expect(JSON.stringify(page)).not.toContain(`${other} clicks`);
    }
  });

  it("an explicit tabId in another agent's group is tab_owned_by_other_agent, for reads and writes", async () => {
    const alpha = agents.get("alpha")!;
    const bravoTab = tabs.get("bravo")!;
    expect(await codeOf(alpha.request("browser.snapshot", { tabId: bravoTab }))).toBe("tab_owned_by_other_agent");
    expect(await codeOf(alpha.request("browser.navigate", { url: session.pages.url("/tabs-one.html"), tabId: bravoTab }))).toBe(
      "tab_owned_by_other_agent",
    );
    expect(await codeOf(alpha.request("browser.tab_close", { tabId: bravoTab }))).toBe("tab_owned_by_other_agent");
    const bravoPage = await agents.get("bravo")!.request("browser.snapshot", {});
    expect(bravoPage).toMatchObject({ tabId: bravoTab, title: "Counter of bravo" });
  });

  it("tabs_group and tab_group_update, which name tabs and groups by id, keep to the agent's own too", async () => {
    const alpha = agents.get("alpha")!;
    const bravoTab = tabs.get("bravo")!;
    const alphaTab = tabs.get("alpha")!;
    const bravoGroup = (await groups()).find((group) => group.title === "bravo");
    const alphaGroup = (await groups()).find((group) => group.title === "alpha");
    if (bravoGroup === undefined || alphaGroup === undefined) throw new Error("no agent groups");
    expect(await codeOf(alpha.request("browser.tabs_group", { tabIds: [alphaTab, bravoTab] }))).toBe("tab_owned_by_other_agent");
    expect(await codeOf(alpha.request("browser.tabs_group", { tabIds: [alphaTab], groupId: bravoGroup.groupId }))).toBe(
      "tab_owned_by_other_agent",
    );
    expect(await codeOf(alpha.request("browser.tab_group_update", { groupId: bravoGroup.groupId, title: "mine now" }))).toBe(
      "tab_owned_by_other_agent",
    );
    // Nothing moved: bravo's tab and group are as they were.
    expect((await groups()).find((group) => group.groupId === bravoGroup.groupId)).toMatchObject({ title: "bravo", tabIds: [bravoTab] });
    // Its own group is its own to change.
    expect(await alpha.request("browser.tab_group_update", { groupId: alphaGroup.groupId, collapsed: false })).toMatchObject({
      groupId: alphaGroup.groupId,
      title: "alpha",
    });
  });

  it("an anonymous agent with no tab of its own is refused the visible tab once another agent holds it", async () => {
    const visible = (await session.client.request("browser.tabs_list", {})).visibleTabId;
    expect(visible).not.toBeNull();
    // alpha takes the visible tab by acting in it.
    await agents
      .get("alpha")!
      .request("browser.navigate", { url: `${session.pages.url("/agent-counter.html")}?who=visible`, tabId: visible! });
    const anonymous = await session.connect();
    expect(await codeOf(anonymous.request("browser.snapshot", {}))).toBe("tab_owned_by_other_agent");
    const health = await anonymous.request("bridge.health", {});
    expect(health.agents.some((agent) => agent.kind === "anonymous" && agent.connections === 1)).toBe(true);
    anonymous.close();
  });

  it("a newcomer's first navigate, while another agent holds the visible tab, gets a background tab of its own in its own group", async () => {
    const before = await session.client.request("browser.tabs_list", {});
    const visible = before.visibleTabId!;
    expect(before.tabs.find((tab) => tab.tabId === visible)?.agent).toBe("agent:alpha");
    const newcomer = await connectAs("newcomer");
    const landed = await newcomer.request("browser.navigate", { url: `${session.pages.url("/agent-counter.html")}?who=newcomer` });
    expect(landed.tabId).not.toBe(visible);
    expect(before.tabs.some((tab) => tab.tabId === landed.tabId)).toBe(false);
    expect(landed.title).toBe("Counter of newcomer");
    const after = await session.client.request("browser.tabs_list", {});
    // The person's view did not move, and alpha's tab is untouched.
    expect(after.visibleTabId).toBe(visible);
    expect(after.tabs.find((tab) => tab.tabId === landed.tabId)?.agent).toBe("agent:newcomer");
    const group = (await groups()).find((candidate) => candidate.tabIds.includes(landed.tabId));
    expect(group?.title).toBe("newcomer");
    expect((await newcomer.request("browser.snapshot", {})).tabId).toBe(landed.tabId);
    // Reading is not navigate: with no tab of its own, another newcomer is still refused the held visible tab.
    const reader = await session.connect();
    expect(await codeOf(reader.request("browser.snapshot", {}))).toBe("tab_owned_by_other_agent");
    reader.close();
    newcomer.close();
  });

  it("once an agent's own tab closes, its commands without tabId never land on another tab; navigate opens a new one", async () => {
    const delta = await connectAs("delta");
    const opened = await delta.request("browser.tab_open", { url: `${session.pages.url("/agent-counter.html")}?who=delta` });
    const ref = findRef((await delta.request("browser.snapshot", {})).text, "button", "Count");
    await delta.request("browser.tab_close", { tabId: opened.tabId });
    const visible = (await session.client.request("browser.tabs_list", {})).visibleTabId;
    for (const call of [
      delta.request("browser.snapshot", {}),
      delta.request("browser.click", { ref }),
      delta.request("browser.press", { key: "Enter" }),
    ]) {
      const error = await call.then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(WebOperatorError);
      expect((error as WebOperatorError).code).toBe("tab_not_found");
      expect((error as WebOperatorError).message).toMatch(/never move to another tab.*browser\.navigate opens a new tab of your own/);
    }
    const landed = await delta.request("browser.navigate", { url: `${session.pages.url("/agent-counter.html")}?who=delta-again` });
    expect(landed.tabId).not.toBe(opened.tabId);
    expect(landed.tabId).not.toBe(visible);
    const listed = await session.client.request("browser.tabs_list", {});
    expect(listed.visibleTabId).toBe(visible);
    expect(listed.tabs.find((tab) => tab.tabId === landed.tabId)?.agent).toBe("agent:delta");
    expect((await delta.request("browser.snapshot", {})).title).toBe("Counter of delta-again");
    delta.close();
  });

  it('the CLI with no WEBOPERATOR_AGENT is one agent, "cli": its navigate and the snapshot after it meet in its own tab', async () => {
    const env = {
      ...process.env,
      WEBOPERATOR_AGENT_SOCKET: session.launched.socket,
      WEBOPERATOR_CONFIG_DIR: session.launched.configDir,
      WEBOPERATOR_API_TOKEN: "",
      WEBOPERATOR_AGENT: "",
    };
    const visible = (await session.client.request("browser.tabs_list", {})).visibleTabId;
    const navigated = await runCli(["navigate", `${session.pages.url("/agent-counter.html")}?who=cli`, "--json"], env);
    expect(navigated.stderr).toBe("");
    const tabId = (JSON.parse(navigated.stdout) as { result: { tabId: number } }).result.tabId;
    expect(tabId).not.toBe(visible);
    const read = await runCli(["snapshot"], env);
    expect(read.stderr).toBe("");
    expect(read.stdout).toContain("Counter of cli");
    const listed = await session.client.request("browser.tabs_list", {});
    expect(listed.tabs.find((tab) => tab.tabId === tabId)?.agent).toBe("agent:cli");
  });

  it("an anonymous agent's tabs are released when it disconnects; a named agent keeps its route across connections", async () => {
    const anonymous = await session.connect();
    const opened = await anonymous.request("browser.tab_open", { url: `${session.pages.url("/agent-counter.html")}?who=anon` });
    const anonymousId = (await anonymous.request("bridge.health", {})).agents.find((agent) => agent.lastTabId === opened.tabId)?.id;
    expect(anonymousId).toMatch(/^anon-/);
    expect((await groups()).some((group) => group.tabIds.includes(opened.tabId))).toBe(true);
    expect(await codeOf(agents.get("alpha")!.request("browser.snapshot", { tabId: opened.tabId }))).toBe("tab_owned_by_other_agent");
    anonymous.close();
    await expect.poll(async () => (await groups()).some((group) => group.tabIds.includes(opened.tabId)), { timeout: 10_000 }).toBe(false);
    expect((await session.client.request("bridge.health", {})).agents.some((agent) => agent.id === anonymousId)).toBe(false);
    expect((await agents.get("alpha")!.request("browser.snapshot", { tabId: opened.tabId })).title).toBe("Counter of anon");

    const again = await connectAs("bravo");
    expect((await again.request("browser.snapshot", {})).tabId).toBe(tabs.get("bravo"));
    const bravo = (await again.request("bridge.health", {})).agents.find((agent) => agent.id === "agent:bravo");
    expect(bravo?.connections).toBe(2);
    again.close();
  });

  it("the CLI speaks for the agent WEBOPERATOR_AGENT names, so each invocation lands in that agent's tab", async () => {
    const env = {
      ...process.env,
      WEBOPERATOR_AGENT_SOCKET: session.launched.socket,
      WEBOPERATOR_CONFIG_DIR: session.launched.configDir,
      WEBOPERATOR_API_TOKEN: "",
      WEBOPERATOR_AGENT: "charlie",
    };
    const run = await runCli(["snapshot"], env);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("Counter of charlie");
  });

  it("with shareAgentTabs in the user's policy an agent may act in another's tab, which keeps its owner", async () => {
    const bravoTab = tabs.get("bravo")!;
    expect(await codeOf(agents.get("charlie")!.request("browser.policy_set", { shareAgentTabs: true }))).toBe("policy_denied");
    await setUserPolicy(session, { shareAgentTabs: true });
    try {
      expect((await agents.get("charlie")!.request("browser.snapshot", { tabId: bravoTab })).title).toBe("Counter of bravo");
      expect((await groups()).find((group) => group.title === "bravo")?.tabIds).toContain(bravoTab);
    } finally {
      await setUserPolicy(session, null);
    }
    expect(await codeOf(agents.get("charlie")!.request("browser.snapshot", { tabId: bravoTab }))).toBe("tab_owned_by_other_agent");
  });
});
