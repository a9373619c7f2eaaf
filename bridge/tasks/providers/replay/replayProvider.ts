import { ErrorCodeSchema, WebOperatorError, type BodyReplayEdge } from "../../../../protocol/index.js";
import type { BrowserCaller } from "../../../perception/browserCaller.js";
import { planReplay } from "../../../perception/replayPlan.js";
import { describeStep, replayStep } from "../../../perception/replayStep.js";
import type { SkillRow } from "../../skills/skillStore.js";
import type { TaskContext, TaskProvider } from "../../taskTypes.js";

/** Replay tasks call no model. */
export const REPLAY_MODEL = "none";

/**
 * The replay provider: a stored skill, step by step, with no model. Each step is one task
 * step (so pauses, stops, limits, confirmations, the store and the trace work as for any
 * provider) that re-perceives, checks the recorded state, finds its elements by semantic
 * locator and acts. The first state that differs from the record fails the task.
 */
export class ReplayProvider implements TaskProvider {
  constructor(private readonly skill: SkillRow) {}

  async run(task: TaskContext): Promise<string> {
    const plan = planReplay(JSON.parse(this.skill.edges) as BodyReplayEdge[]);
    const call: BrowserCaller = (type, payload) => task.browser(type, payload);
    for (const step of plan) {
      const input = { skill: this.skill.id, step: step.index, actions: step.actions.map((action) => action.type) };
      await task.step("replay", input, async () => {
        const done = await replayStep(step, call, task.tabs.activeTab());
        if (done.error !== undefined) {
          const code = ErrorCodeSchema.safeParse(done.error.code);
          throw new WebOperatorError(code.success ? code.data : "internal_error", done.error.message);
        }
        return { value: done, summary: `${describeStep(step)}: ${done.status}` };
      });
    }
    return `Replayed skill ${this.skill.id} (${plan.length} steps); every page state matched the recording, ending in ${(JSON.parse(this.skill.states) as string[]).at(-1) ?? "?"}.`;
  }
}
