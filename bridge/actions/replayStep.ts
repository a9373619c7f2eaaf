import { WebOperatorError, type BodyReplayStep, type BodyTypedAction } from "../../protocol/index.js";
import type { BrowserCaller } from "../perception/browserCaller.js";
import { perceiveBody, type BodyPerception } from "../perception/bodyPerception.js";
import { describeLocator } from "../perception/bodyTargets.js";
import type { ReplayStepPlan } from "./replayPlan.js";
import { resolveTargets } from "./resolveTargets.js";
import { runTypedAction } from "./typedActionRunner.js";

/** How long a state that differs from the record may take to become it (a late render, a load) before replay calls it drift. */
export const SETTLE_TRIES = 20;
const SETTLE_PAUSE_MS = 250;

/**
 * A perception of the tab, given a little time to reach the recorded state: a page still
 * rendering after an action is not drift. Answers the last perception either way.
 */
async function perceiveSettled(call: BrowserCaller, tabId: number, expected: string | null): Promise<BodyPerception> {
  let perception = await perceiveBody(call, tabId);
  for (let attempt = 0; expected !== null && perception.observation.state_hash !== expected && attempt < SETTLE_TRIES; attempt++) {
    await call("browser.wait_for", { timeMs: SETTLE_PAUSE_MS, tabId });
    perception = await perceiveBody(call, tabId);
  }
  return perception;
}

function describeAction(action: BodyTypedAction): string {
  if ("semantic_locator" in action && action.semantic_locator !== undefined)
    return `${action.type} ${describeLocator(action.semantic_locator)}`;
  if (action.type === "navigate") return `navigate ${action.url}`;
  return action.type;
}

export function describeStep(step: ReplayStepPlan): string {
  return `step ${step.index} (${step.actions.map(describeAction).join(", ") || "no action"})`;
}

/**
 * One step of a replay: perceive afresh, check the state the trace recorded before it,
 * find each target by its semantic locator in a fresh perception, act, then check the state
 * after. It never throws for drift or a failed action: the step's status says what happened.
 */
export async function replayStep(step: ReplayStepPlan, call: BrowserCaller, tabId: number): Promise<BodyReplayStep> {
  const startedAt = performance.now();
  const result: BodyReplayStep = {
    index: step.index,
    actions: step.actions.map((action) => action.type),
    status: "success",
    expected_before: step.expectedBefore,
    actual_before: null,
    expected_after: step.expectedAfter,
    actual_after: null,
    latency_ms: 0,
  };
  const finish = (status: BodyReplayStep["status"], error?: { code: string; message: string }): BodyReplayStep => {
    result.status = status;
    if (error !== undefined) result.error = error;
    result.latency_ms = Math.round(performance.now() - startedAt);
    return result;
  };
  if (step.skip) return finish("skipped");
  // A trace's first step may start from nothing (a task's blank tab): then a page that cannot be perceived is fine.
  let perception = await perceiveSettled(call, tabId, step.expectedBefore).catch((error: unknown) => {
    if (step.expectedBefore !== null) throw error;
    return null;
  });
  result.actual_before = perception?.observation.state_hash ?? null;
  if (step.expectedBefore !== null && step.expectedBefore !== result.actual_before) {
    return finish("diverged", {
      code: "state_diverged",
      message: `Before ${describeStep(step)} the page is in state ${result.actual_before}, but the trace recorded ${step.expectedBefore}: the environment drifted, so replay stopped without acting. body.perceive shows the current state.`,
    });
  }
  if (step.notReplayable !== undefined)
    return finish("failed", { code: "not_replayable", message: `${describeStep(step)} cannot be replayed: ${step.notReplayable}.` });
  for (const [position, action] of step.actions.entries()) {
    try {
      if (position > 0 || (perception === null && action.type !== "navigate")) perception = await perceiveBody(call, tabId);
      const { targets } = perception === null ? { targets: { states: [] } } : resolveTargets(action, perception, null);
      await runTypedAction(action, targets, call, tabId);
    } catch (error) {
      if (!(error instanceof WebOperatorError)) throw error;
      return finish("failed", { code: error.code, message: `${describeStep(step)} failed: ${error.message}` });
    }
  }
  result.actual_after = (await perceiveSettled(call, tabId, step.expectedAfter)).observation.state_hash;
  if (step.expectedAfter !== null && step.expectedAfter !== result.actual_after) {
    return finish("diverged", {
      code: "state_diverged",
      message: `After ${describeStep(step)} the page is in state ${result.actual_after}, but the trace recorded ${step.expectedAfter}: the environment drifted, so replay stopped here.`,
    });
  }
  return finish("success");
}
