import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebOperatorClient } from "../../agent-client/client.js";
import { startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { asThePerson } from "../helpers/personsBrowser.js";

describe("&body.browser on the socket (perceive, encode_state, affordances)", () => {
  let session: WebOperatorSession;
  let agent: WebOperatorClient;
  let url: string;

  const clockText = async (tabId?: number): Promise<string> =>
    (await agent.request("browser.extract", tabId === undefined ? {} : { tabId })).text;
  /** Waits until the page's own clock has ticked, by reading the page: no wall-clock threshold. */
  const afterATick = async (tabId?: number): Promise<void> => {
    const before = await clockText(tabId);
    while ((await clockText(tabId)) === before) {
      // The clock ticks every 30 ms; each read is a round trip.
    }
  };

  beforeAll(async () => {
    session = await startWebOperatorSession();
    agent = await session.connect();
    url = session.pages.url("/body-browser.html");
    await agent.request("browser.navigate", { url });
  });
  afterAll(async () => {
    await session?.close();
  });

  it("capability answers the contract, and every operation it names is served on the socket with that output", async () => {
    const contract = await agent.request("body.capability", {});
    // The seed's contract, word for word.
    expect(contract).toMatchObject({
      capability: "&body.browser",
      accepts_from: [
        "&memory.episodic",
        "&reason.plan",
        "&govern.telemetry",
        "&govern.identity",
        "context",
        "typed_action",
        "interaction_trace",
      ],
      feeds_into: ["&memory.episodic", "&reason.*", "&govern.telemetry", "output"],
    });
    expect(contract.operations).toEqual({
      perceive: expect.objectContaining({ in: "perception_query", out: "browser_observation", command: "body.perceive" }),
      act: expect.objectContaining({ in: "typed_action", out: "action_outcome", command: "body.act" }),
      affordances: expect.objectContaining({ in: "scope_query", out: "affordance_set", command: "body.affordances" }),
      encode_state: expect.objectContaining({ in: "perception_query", out: "state_hash", command: "body.encode_state" }),
      replay: expect.objectContaining({ in: "interaction_trace", out: "replay_result", command: "body.replay" }),
    });
    expect(contract.action_types).toEqual([
      "click",
      "dblclick",
      "hover",
      "focus",
      "fill",
      "type",
      "press",
      "check",
      "uncheck",
      "select",
      "upload",
      "scroll",
      "scrollintoview",
      "drag",
      "navigate",
      "wait",
      "screenshot",
    ]);
    // The reads it names answer for real, and agree on the state hash.
    const observed = await agent.request("body.perceive", {});
    expect(contract.operations.perceive.command).toBe("body.perceive");
    expect(contract.operations.encode_state.command).toBe("body.encode_state");
    expect((await agent.request("body.encode_state", {})).state_hash).toBe(observed.state_hash);
    expect(contract.operations.affordances.command).toBe("body.affordances");
    expect((await agent.request("body.affordances", {})).state_hash).toBe(observed.state_hash);
    // It takes no arguments: a stray field is refused, not ignored.
    expect(await agent.send({ type: "body.capability", payload: { tabId: 1 } })).toMatchObject({ code: "bad_request" });
  });

  it("perceive answers the observation with @eN refs, viewport and document metadata", async () => {
    const observation = await agent.request("body.perceive", {});
    expect(observation.url).toBe(url);
    expect(observation.state_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(observation.viewport.width).toBeGreaterThan(0);
    expect(observation.document.title).toBe("Body fixture");
    expect(observation.refs.map((ref) => ref.ref)).toEqual(observation.refs.map((_ref, index) => `@e${index + 1}`));
    expect(observation.refs).toContainEqual(
      expect.objectContaining({ role: "button", name: "Delete account", tag: "button", disabled: true }),
    );
    expect(observation.a11y_tree).toContain('button "Save" [ref=@e');
    expect(observation.a11y_tree).not.toMatch(/\[ref=s/);
  });

  it("encode_state does not move when browser UI does: a shorter viewport (the debugger infobar, a resized window) is not a new state", async () => {
    const before = await agent.request("body.perceive", {});
    // The debugger's "started debugging" infobar takes 56 px of height as it comes and goes;
    // the person resizing the window does the same, deterministically, headless or headed.
    const windowId = await asThePerson<number>(session, `chrome.tabs.get(${before.tabId}).then((tab) => tab.windowId)`);
    const height = await asThePerson<number>(session, `chrome.windows.get(${windowId}).then((window) => window.height)`);
    await asThePerson(session, `chrome.windows.update(${windowId}, { height: ${height - 80} })`);
    let during = await agent.request("body.perceive", {});
    for (let attempt = 0; attempt < 50 && during.viewport.height === before.viewport.height; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      during = await agent.request("body.perceive", {});
    }
    expect(during.viewport.height).toBeLessThan(before.viewport.height);
    expect(during.viewport.width).toBe(before.viewport.width);
    expect(during.state_hash).toBe(before.state_hash);
    await asThePerson(session, `chrome.windows.update(${windowId}, { height: ${height} })`);
  });

  it("encode_state is deterministic: the same page twice while its clock ticks, and in a second tab", async () => {
    const first = await agent.request("body.encode_state", {});
    await afterATick();
    const second = await agent.request("body.encode_state", {});
    expect(second.state_hash).toBe(first.state_hash);
    expect((await agent.request("body.perceive", {})).state_hash).toBe(first.state_hash);
    const other = await agent.request("browser.tab_open", { url });
    const inOtherTab = await agent.request("body.encode_state", { tabId: other.tabId });
    expect(inOtherTab.tabId).not.toBe(first.tabId);
    expect(inOtherTab.state_hash).toBe(first.state_hash);
    await agent.request("browser.tab_close", { tabId: other.tabId });
  });

  it("a change of structure or state changes the hash: checking a box", async () => {
    const { tabId, state_hash: before } = await agent.request("body.encode_state", {});
    const observation = await agent.request("body.perceive", { tabId });
    const snapshot = await agent.request("browser.snapshot", { tabId });
    const box = /checkbox "Newsletter"[^\n]*\[ref=([^\]]+)\]/.exec(snapshot.text)?.[1];
    if (box === undefined) throw new Error(snapshot.text);
    await agent.request("browser.click", { ref: box, tabId });
    const after = await agent.request("body.encode_state", { tabId });
    expect(after.state_hash).not.toBe(before);
    expect(observation.state_hash).toBe(before);
    await agent.request("browser.click", { ref: box, tabId });
    expect((await agent.request("body.encode_state", { tabId })).state_hash).toBe(before);
  });

  it("affordances: a disabled button has no click, a form without a submit control has no submit", async () => {
    const set = await agent.request("body.affordances", {});
    expect(set.state_hash).toBe((await agent.request("body.encode_state", {})).state_hash);
    const locked = set.elements.find((element) => element.name === "Delete account");
    expect(locked?.actions).toEqual(["hover", "scrollintoview"]);
    const save = set.elements.find((element) => element.name === "Save");
    expect(save?.actions).toContain("click");
    expect(set.elements.find((element) => element.name === "Newsletter")?.actions).toContain("check");
    expect(set.elements.find((element) => element.name === "Query")?.actions).toEqual(expect.arrayContaining(["fill", "type"]));
    expect(set.forms).toEqual([
      { name: "Search", submit: false },
      { name: "Profile", submit: true, submit_ref: save?.ref },
    ]);
    expect(set.page).toEqual(expect.arrayContaining(["navigate", "scroll"]));
  });

  it("act and replay refuse input outside the contract with bad_request", async () => {
    expect(await session.errorCode("body.act", { type: "teleport" } as never, agent)).toBe("bad_request");
    expect(await session.errorCode("body.replay", { edges: [] }, agent)).toBe("bad_request");
    expect(await session.errorCode("body.replay", { edges: [{ typed_action: { type: "custom:foo" } }] }, agent)).toBe("bad_request");
  });
});
