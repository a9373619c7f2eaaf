import { WebOperatorError } from "../../protocol/index.js";

/** A task agent ended its task as failed on its own (Browser-Use fail_task): its reason is also the task's answer. */
export class AgentGaveUpError extends WebOperatorError {
  constructor(readonly answer: string) {
    super("task_failed", answer);
    this.name = "AgentGaveUpError";
  }
}
