import { describe, expect, it } from "vitest";
import { WebOperatorError, type BrowserCommandType } from "../../protocol/index.js";
import type { BrowserCaller } from "../../bridge/perception/browserCaller.js";
import { perceiveBody, type BodyPerception } from "../../bridge/perception/bodyPerception.js";
import { locatorOf, refForLocator } from "../../bridge/perception/bodyTargets.js";
import { resolveTargets } from "../../bridge/perception/resolveTargets.js";
import { translateCall, translatePointClick } from "../../bridge/perception/callTranslation.js";
import { planReplay } from "../../bridge/perception/replayPlan.js";
import { replayStep, SETTLE_TRIES } from "../../bridge/perception/replayStep.js";
import { skillCandidate } from "../../bridge/tasks/skills/skillDetector.js";
import type { StepRow } from "../../bridge/tasks/taskRows.js";

const SNAPSHOT = [
  "# Page Snapshot (sab12c_3)",
  "URL: http://x/",
  "Title: T",
  "",
  '- button "Twin" [ref=s_1]',
  '- button "Twin" [ref=s_2]',
  '- checkbox "News" [checked] [ref=s_3]',
].join("\n");

/** A browser with one page: snapshots answer SNAPSHOT (or what `page` says now); every other call is logged. */
function scriptedBrowser(page: () => string = () => SNAPSHOT): {
  call: BrowserCaller;
  calls: Array<{ type: BrowserCommandType; payload: unknown }>;
} {
  const calls: Array<{ type: BrowserCommandType; payload: unknown }> = [];
  const call = (async (type: BrowserCommandType, payload: unknown) => {
    if (type === "browser.snapshot")
      return { tabId: 7, url: "http://x/", title: "T", text: page(), truncated: false, viewport: { width: 800, height: 600 } };
    calls.push({ type, payload });
    return {};
  }) as BrowserCaller;
  return { call, calls };
}

const perception = (): Promise<BodyPerception> => perceiveBody(scriptedBrowser().call, 7);

function stepRow(idx: number, edge: Record<string, unknown>): StepRow {
  return {
    task_id: "t",
    idx,
    action: "x",
    input: "{}",
    ok: 1,
    summary: "",
    error_code: null,
    result: null,
    edge: JSON.stringify(edge),
    started_at: "",
    duration_ms: 1,
  };
}
const hash = (digit: string): string => `sha256:${digit.repeat(64)}`;

describe("&body.browser targets and replay plans", () => {
  it("names duplicates by occurrence, and finds them again by locator", async () => {
    const page = await perception();
    expect(locatorOf(page, "s_2")).toEqual({ role: "button", name: "Twin", occurrence: 1 });
    expect(refForLocator(page, { role: "button", name: "Twin", occurrence: 1 })).toBe("s_2");
    expect(refForLocator(page, { role: "button", name: "Twin", occurrence: 2 })).toBeUndefined();
  });

  it("records an act's element by the ref it was given and the semantic locator it resolved to; replay goes by the locator", async () => {
    const page = await perception();
    const { targets, recorded } = resolveTargets({ type: "check", target_ref: "@e3" }, page, (ref) => (ref === "@e3" ? "s_3" : undefined));
    expect(targets).toEqual({ ref: "s_3", states: ["[checked]"] });
    expect(recorded).toEqual({ type: "check", target_ref: "@e3", semantic_locator: { role: "checkbox", name: "News", occurrence: 0 } });
    // Replay has no lookup: the recorded ref (stale by then) is never dereferenced.
    expect(resolveTargets(recorded, page, null).targets.ref).toBe("s_3");
    expect(() => resolveTargets({ type: "click", target_ref: "@e9" }, page, () => undefined)).toThrow(WebOperatorError);
  });

  it("translates a task's browser calls into typed actions, and says when one cannot be", async () => {
    const page = await perception();
    expect(translateCall("browser.click", { ref: "s_2", tabId: 7 }, page, false)).toEqual({
      actions: [{ type: "click", semantic_locator: { role: "button", name: "Twin", occurrence: 1 } }],
    });
    expect(translateCall("browser.type", { ref: "s_1", text: "a", mode: "replace", submit: true }, page, false)).toEqual({
      actions: [
        { type: "fill", semantic_locator: { role: "button", name: "Twin", occurrence: 0 }, value: "a" },
        { type: "press", semantic_locator: { role: "button", name: "Twin", occurrence: 0 }, key: "Enter" },
      ],
    });
    expect(translateCall("browser.read_page", { tabId: 7 }, page, false)).toEqual({ actions: [] });
    expect(translateCall("browser.tab_open", { url: "http://x/" }, null, true)).toEqual({
      actions: [{ type: "navigate", url: "http://x/" }],
    });
    // A click at a point is located by the element its result says it hit, when a locator names that one element.
    expect(translateCall("browser.click_xy", { x: 1, y: 2 }, page, false)).toEqual({ actions: [] });
    expect(translatePointClick({ x: 1, y: 2 }, { tag: "input", role: "checkbox", name: "News" }, page)).toEqual({
      actions: [{ type: "click", semantic_locator: { role: "checkbox", name: "News", occurrence: 0 } }],
    });
    expect(translatePointClick({ x: 1, y: 2 }, { tag: "button", role: "button", name: "Twin" }, page)).toHaveProperty("notReplayable");
    expect(translatePointClick({ x: 1, y: 2 }, { tag: "div" }, page)).toHaveProperty("notReplayable");
    expect(translateCall("browser.click", { ref: "s_gone" }, page, false)).toHaveProperty("notReplayable");
  });

  it("plans act edges and task edges alike; skips recorded failures; refuses what is no typed action", () => {
    const plan = planReplay([
      { state_before: null, state_after: hash("a"), typed_action: { type: "navigate", url: "http://x/" } },
      {
        state_before: hash("a"),
        state_after: hash("b"),
        typed_action: { action: "left_click" },
        body_actions: [{ type: "click", semantic_locator: { role: "button", name: "Twin" } }],
      },
      { state_before: hash("b"), state_after: hash("b"), typed_action: { type: "click", target_ref: "@e1" }, outcome_status: "failure" },
      { state_before: hash("b"), state_after: hash("c"), typed_action: { type: "click", target_ref: "@e1" } },
    ]);
    expect(plan.map((step) => [step.actions.map((action) => action.type), step.skip, step.notReplayable !== undefined])).toEqual([
      [["navigate"], false, false],
      [["click"], false, false],
      [["click"], true, true],
      [["click"], false, true],
    ]);
    expect(() => planReplay([{ typed_action: { type: "custom:foo" } }])).toThrow(/Edge 0 is not a &body.browser typed action/);
  });

  it("stops before acting when the page is not in the recorded state", async () => {
    const { call, calls } = scriptedBrowser();
    const [step] = planReplay([
      { state_before: hash("f"), state_after: null, typed_action: { type: "click", semantic_locator: { role: "button", name: "Twin" } } },
    ]);
    if (step === undefined) throw new Error("no step");
    const done = await replayStep(step, call, 7);
    expect(done).toMatchObject({ status: "diverged", error: { code: "state_diverged" }, expected_before: hash("f") });
    // It gave the page time to reach the recorded state (waits, re-perceiving), and never acted.
    expect(calls.map((entry) => entry.type)).toEqual(Array.from({ length: SETTLE_TRIES }, () => "browser.wait_for"));
  });

  it("replays by locator and checks the state after", async () => {
    let checked = true;
    const { call, calls } = scriptedBrowser(() => (checked ? SNAPSHOT : SNAPSHOT.replace(" [checked]", "")));
    const before = (await perceiveBody(call, 7)).observation.state_hash;
    checked = false;
    const after = (await perceiveBody(call, 7)).observation.state_hash;
    checked = true;
    const [step] = planReplay([
      { state_before: before, state_after: after, typed_action: { type: "uncheck", semantic_locator: { role: "checkbox", name: "News" } } },
    ]);
    if (step === undefined) throw new Error("no step");
    // The scripted click does not uncheck the box: the state after differs from the record.
    const done = await replayStep(step, call, 7);
    expect(calls.filter((entry) => entry.type !== "browser.wait_for")).toEqual([
      { type: "browser.click", payload: { ref: "s_3", tabId: 7 } },
    ]);
    expect(done).toMatchObject({ status: "diverged", actual_before: before, expected_after: after, actual_after: before });
  });
});

describe("skill candidates from a task's steps", () => {
  const open = {
    state_before: null,
    state_after: hash("a"),
    body_actions: [{ type: "navigate", url: "http://x/" }],
    outcome_status: "success",
  };
  const read = { state_before: hash("a"), state_after: hash("a"), body_actions: [], outcome_status: "success" };
  const click = {
    state_before: hash("a"),
    state_after: hash("b"),
    body_actions: [{ type: "click", semantic_locator: { role: "button", name: "Twin" } }],
    outcome_status: "success",
  };

  it("is the distinct states and the acting edges, starting where the first step navigates", () => {
    const candidate = skillCandidate([stepRow(0, open), stepRow(1, read), stepRow(2, click)]);
    expect(candidate).toMatchObject({ states: [hash("a"), hash("b")], startUrl: "http://x/" });
    expect(candidate?.edges).toHaveLength(2);
    expect(skillCandidate([stepRow(0, open), stepRow(1, click)])?.signature).toBe(candidate?.signature);
  });

  it("is none when a step cannot be replayed or nothing changed", () => {
    expect(skillCandidate([stepRow(0, open), stepRow(1, { ...click, not_replayable: "a coordinate click" })])).toBeNull();
    expect(skillCandidate([stepRow(0, open), stepRow(1, read)])).toBeNull();
  });
});
