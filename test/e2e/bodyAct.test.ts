import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebOperatorClient } from "../../agent-client/client.js";
import {
  BodySurpriseEventSchema,
  type BodyActionOutcome,
  type BodyActionType,
  type BodySurpriseEvent,
  type BodyTraceEdge,
  type CommandPayloadInput,
} from "../../protocol/index.js";
import { setUserPolicy } from "../helpers/userPolicy.js";
import { startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

const AGENT = "WebOperator@e2e";
const TRACE = "trace_body_act_e2e";

describe("&body.browser act and replay on the socket, in real Chromium", () => {
  let session: WebOperatorSession;
  let agent: WebOperatorClient;
  let url: string;
  const seenTypes = new Set<BodyActionType>();
  /** SurpriseSignals this agent's connection got; another connection must get none of them. */
  const surprises: BodySurpriseEvent[] = [];
  const othersHeard: unknown[] = [];

  const log = async (): Promise<string> => /Log: (.*)/.exec((await agent.request("browser.extract", {})).text)?.[1]?.trim() ?? "";
  /** A fresh perception's @eN for an element, as an agent would pick it. */
  const refOf = async (role: string, name: string, occurrence = 0): Promise<string> => {
    const matches = (await agent.request("body.perceive", {})).refs.filter((ref) => ref.role === role && ref.name === name);
    const ref = matches[occurrence]?.ref;
    if (ref === undefined) throw new Error(`no ${role} "${name}" #${occurrence}`);
    return ref;
  };
  /** Every outcome, success or failure, carries the seed's provenance block, the same in its edge. */
  const act = async (payload: CommandPayloadInput<"body.act">): Promise<BodyActionOutcome> => {
    const outcome = await agent.request("body.act", { agent_id: AGENT, trace_id: TRACE, ...payload });
    seenTypes.add(payload.type);
    expect(outcome.provenance).toEqual({
      provider: "weboperator",
      capability: "&body.browser",
      operation: "act",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      agent_id: AGENT,
      trace_id: TRACE,
    });
    expect(outcome.edge).toMatchObject({
      trace_id: TRACE,
      body_subtype: "browser",
      state_before: outcome.state_before,
      state_after: outcome.state_after,
      outcome_status: outcome.status,
      provenance: outcome.provenance,
    });
    expect(outcome.edge.typed_action.type).toBe(payload.type);
    // As the seed's edge shows: the ref the agent named, beside the semantic locator it resolved to (which replay uses).
    if ("target_ref" in payload && payload.target_ref !== undefined) {
      expect(outcome.edge.typed_action).toMatchObject({ target_ref: payload.target_ref });
      if (outcome.status === "success") expect(outcome.edge.typed_action).toHaveProperty("semantic_locator");
    }
    return outcome;
  };
  const success = async (payload: CommandPayloadInput<"body.act">): Promise<BodyActionOutcome> => {
    const outcome = await act(payload);
    expect(outcome.error).toBeUndefined();
    expect(outcome.status).toBe("success");
    return outcome;
  };

  beforeAll(async () => {
    session = await startWebOperatorSession();
    agent = await session.connect();
    agent.onEvent((event) => {
      if (event.kind === "body:surprise") surprises.push(BodySurpriseEventSchema.parse(event));
    });
    session.client.onEvent((event) => {
      if (event.kind === "body:surprise") othersHeard.push(event);
    });
    await setUserPolicy(session, { allowUploads: true });
    url = session.pages.url("/body-actions.html");
    await agent.request("browser.navigate", { url });
  });
  afterAll(async () => {
    await session?.close();
  });

  it("runs every one of the 17 typed actions through browser.* commands, with state hashes and provenance", async () => {
    const clicked = await success({ type: "click", target_ref: await refOf("button", "Press me") });
    expect(await log()).toBe("pressed 1");
    expect(clicked.state_before).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(clicked.edge.typed_action).toMatchObject({ semantic_locator: { role: "button", name: "Press me", occurrence: 0 } });

    await success({ type: "dblclick", target_ref: await refOf("button", "Double me") });
    expect(await log()).toBe("double");
    await success({ type: "hover", semantic_locator: { role: "button", name: "Hover me" } });
    expect(await log()).toBe("hovered");
    await success({ type: "focus", target_ref: await refOf("textbox", "Focus field") });
    expect(await log()).toBe("focused");
    await success({ type: "fill", target_ref: await refOf("textbox", "Name"), value: "Ada" });
    expect(await log()).toBe("name=Ada");
    await success({ type: "type", semantic_locator: { role: "textbox", name: "Name" }, text: " L" });
    expect(await log()).toBe("name=Ada L");
    await success({ type: "press", target_ref: await refOf("button", "Press me"), key: "Enter" });
    expect(await log()).toBe("pressed 2");

    const checked = await success({ type: "check", target_ref: await refOf("checkbox", "Agree") });
    expect(await log()).toBe("agree=true");
    expect(checked.state_after).not.toBe(checked.state_before);
    // Already checked: check changes nothing, where a click would have unchecked it.
    const again = await success({ type: "check", semantic_locator: { role: "checkbox", name: "Agree" } });
    expect(again.state_after).toBe(again.state_before);
    await success({ type: "uncheck", semantic_locator: { role: "checkbox", name: "Agree" } });
    expect(await log()).toBe("agree=false");

    await success({ type: "select", target_ref: await refOf("combobox", "Color"), labels: ["Blue"] });
    expect(await log()).toBe("color=blue");
    await success({
      type: "upload",
      semantic_locator: { role: "button", name: "Attachment" },
      files: [{ name: "a.txt", mimeType: "text/plain", base64: Buffer.from("hello").toString("base64") }],
    });
    expect(await log()).toBe("file=a.txt:hello");
    await success({
      type: "drag",
      target_ref: await refOf("button", "Drag source"),
      to: { semantic_locator: { role: "button", name: "Drop zone" } },
    });
    expect(await log()).toBe("dropped src");
    // A page hears of a scroll at its next rendering step, after the act has answered: poll for it.
    await success({ type: "scroll", direction: "down", amount: 300 });
    await expect.poll(log).toBe("scrolled near");
    await success({ type: "scrollintoview", semantic_locator: { role: "button", name: "Far button" } });
    await expect.poll(log).toBe("scrolled far");
    await success({ type: "wait", ms: 20 });
    const shot = await success({ type: "screenshot" });
    expect(
      Buffer.from(shot.screenshot?.data ?? "", "base64")
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");

    const moved = await success({ type: "navigate", url: session.pages.url("/body-browser.html") });
    expect(moved.state_after).not.toBe(moved.state_before);
    expect((await agent.request("body.perceive", {})).url).toBe(session.pages.url("/body-browser.html"));
    expect(seenTypes.size).toBe(17);
  });

  it("a failed browser command is a failure outcome with its code, and provenance like any other", async () => {
    await agent.request("browser.navigate", { url });
    const refused = await act({ type: "click", target_ref: await refOf("button", "Locked") });
    expect(refused.status).toBe("failure");
    expect(refused.edge.outcome_status).toBe("failure");
    expect(refused.error?.code).toBe("not_actionable");
    expect(refused.state_after).toBe(refused.state_before);
    // The seed's SurpriseSignal, to the acting connection alone; successes raise none.
    expect(surprises).toEqual([
      {
        kind: "body:surprise",
        at: expect.stringMatching(/^\d{4}-/),
        operation: "act",
        tabId: refused.tabId,
        trace_id: TRACE,
        agent_id: AGENT,
        state_before: refused.state_before,
        state_after: refused.state_after,
        error: refused.error,
      },
    ]);
    expect(othersHeard).toEqual([]);
    surprises.length = 0;
  });

  it("refuses malformed input as a socket error, and a plan that does not fit the page as a failure outcome with provenance and a SurpriseSignal", async () => {
    await agent.request("browser.navigate", { url });
    expect(await session.errorCode("body.act", { type: "teleport" } as never, agent)).toBe("bad_request");
    expect(await session.errorCode("body.act", { type: "click" }, agent)).toBe("bad_request");
    const { state_hash: now } = await agent.request("body.encode_state", {});
    const other = now.replace(/.$/, (last) => (last === "0" ? "1" : "0"));
    const plans = [
      { action: { type: "click", target_ref: "@e999" }, code: "stale_ref" },
      { action: { type: "click", semantic_locator: { role: "button", name: "No such button" } }, code: "not_found" },
      { action: { type: "click", semantic_locator: { role: "button", name: "Press me" }, expect_state: other }, code: "state_diverged" },
    ] as const;
    surprises.length = 0;
    for (const { action, code } of plans) {
      const outcome = await act(action);
      expect(outcome).toMatchObject({ status: "failure", error: { code, stage: code === "stale_ref" ? "stale_ref" : "precheck" } });
      expect(outcome).toMatchObject({ state_before: now, state_after: now });
      expect(outcome.edge).toMatchObject({ outcome_status: "failure", error: { code }, trace_id: TRACE, provenance: { agent_id: AGENT } });
      expect(outcome.edge.typed_action.type).toBe("click");
      expect(outcome.provenance).toMatchObject({ operation: "act", capability: "&body.browser", trace_id: TRACE, agent_id: AGENT });
    }
    expect(surprises.map((surprise) => [surprise.operation, surprise.error?.code, surprise.state_before])).toEqual(
      plans.map(({ code }) => ["act", code, now]),
    );
    surprises.length = 0;
    expect(await log()).toBe("ready");
  });

  /** Records a short path on a freshly loaded page: fill, check, and the second of two same-named buttons. */
  const record = async (): Promise<BodyTraceEdge[]> => {
    await agent.request("browser.navigate", { url });
    const edges: BodyTraceEdge[] = [];
    edges.push((await success({ type: "fill", target_ref: await refOf("textbox", "Name"), value: "Grace" })).edge);
    edges.push((await success({ type: "click", target_ref: await refOf("button", "Press me") })).edge);
    edges.push((await success({ type: "check", target_ref: await refOf("checkbox", "Agree") })).edge);
    edges.push((await success({ type: "click", target_ref: await refOf("button", "Twin", 1) })).edge);
    expect(await log()).toBe("twin 2");
    return edges;
  };

  it("replays a recorded trace after a reload: refs are new, targets are found by role, name and occurrence", async () => {
    const edges = await record();
    expect(edges[3]?.typed_action).toMatchObject({ semantic_locator: { role: "button", name: "Twin", occurrence: 1 } });
    await agent.request("browser.navigate", { url });
    expect(await log()).toBe("ready");
    const replayed = await agent.request("body.replay", { edges, agent_id: AGENT });
    expect(replayed).toMatchObject({
      ok: true,
      status: "success",
      provenance: { operation: "replay", capability: "&body.browser", agent_id: AGENT },
    });
    expect(replayed.steps.map((step) => step.status)).toEqual(["success", "success", "success", "success"]);
    for (const [index, step] of replayed.steps.entries()) {
      expect(step.actual_before).toBe(edges[index]?.state_before);
      expect(step.actual_after).toBe(edges[index]?.state_after);
    }
    expect(replayed.final_state).toBe(edges[3]?.state_after);
    expect(await log()).toBe("twin 2");
    const page = await agent.request("body.perceive", {});
    expect(page.refs.find((ref) => ref.name === "Agree")?.states).toContain("[checked]");
  });

  it("stops at the start when the page is not in the recorded start state, having done nothing", async () => {
    const edges = await record();
    // The box is still checked from the recording: the start state differs.
    const replayed = await agent.request("body.replay", { edges });
    expect(replayed).toMatchObject({ ok: false, status: "diverged", failed_step: 0, error: { code: "state_diverged" } });
    expect(replayed.error?.message).toMatch(/^Before step 0 \(fill textbox "Name"\)/);
    expect(replayed.steps).toHaveLength(1);
    expect(await log()).toBe("twin 2");
  });

  it("stops at the intermediate step where the environment drifted, and names it", async () => {
    const edges = await record();
    await agent.request("browser.navigate", { url });
    await success({ type: "click", semantic_locator: { role: "button", name: "Arm drift" } });
    await agent.request("browser.navigate", { url });
    const replayed = await agent.request("body.replay", { edges });
    expect(replayed).toMatchObject({ ok: false, status: "diverged", failed_step: 1, error: { code: "state_diverged" } });
    expect(replayed.steps.map((step) => step.status)).toEqual(["success", "diverged"]);
    expect(replayed.error?.message).toMatch(/^After step 1 \(click button "Press me"\)/);
    const drifted = replayed.steps[1];
    expect(surprises.at(-1)).toMatchObject({
      operation: "replay",
      step: 1,
      state_before: drifted?.actual_before,
      state_after: drifted?.actual_after,
      expected_state: drifted?.expected_after,
      error: { code: "state_diverged" },
    });
    // Step 2 (check Agree) never ran.
    expect((await agent.request("body.perceive", {})).refs.find((ref) => ref.name === "Agree")?.states).not.toContain("[checked]");
  });
});
