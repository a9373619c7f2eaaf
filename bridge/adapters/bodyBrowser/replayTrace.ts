import type { BodyReplayResult, BodyReplayStep, CommandPayload } from "../../../protocol/index.js";
import type { BrowserCaller } from "../../perception/browserCaller.js";
import { perceiveBody } from "../../perception/bodyPerception.js";
import { newTraceId, provenanceOf } from "../../perception/provenance.js";
import { planReplay } from "../../actions/replayPlan.js";
import { replayStep } from "../../actions/replayStep.js";

/** body.replay: every step in order, stopping at the first that diverges or fails. */
export async function replayTrace(payload: CommandPayload<"body.replay">, call: BrowserCaller): Promise<BodyReplayResult> {
  const plan = planReplay(payload.edges);
  const timestamp = new Date().toISOString();
  const tabId = payload.tabId ?? (await perceiveBody(call, undefined)).observation.tabId;
  const provenance = provenanceOf("replay", payload.agent_id, payload.trace_id ?? newTraceId(), timestamp);
  const steps: BodyReplayStep[] = [];
  for (const step of plan) {
    const done = await replayStep(step, call, tabId);
    steps.push(done);
    if (done.status === "diverged" || done.status === "failed") {
      return {
        tabId,
        ok: false,
        status: done.status,
        failed_step: done.index,
        ...(done.error === undefined ? {} : { error: done.error }),
        steps,
        final_state: done.actual_after ?? done.actual_before,
        provenance,
      };
    }
  }
  const final = [...steps].reverse().find((step) => step.actual_after !== null)?.actual_after ?? null;
  return { tabId, ok: true, status: "success", steps, final_state: final, provenance };
}
