import { WebOperatorError, type BrowserUseAction, type ChatCompletionRequest } from "../../../../protocol/index.js";
import { runBrowserUseAction } from "../../../actions/browserUseActions.js";
import { BrowserUseActionError, browserUseErrorOf } from "../../../actions/browserUseErrors.js";
import { AgentGaveUpError } from "../../agentGaveUp.js";
import { TaskEndedError } from "../../taskControl.js";
import type { TaskContext, TaskProvider } from "../../taskTypes.js";
import { judgeReply } from "./actionReply.js";
import { isPersonAsk, runPersonAsk, type TaskAction } from "./personAskActions.js";
import type { ChatCompletionsClient } from "./chatCompletionsClient.js";
import { BrowserUseConversation } from "./conversation.js";
import { browserUseSystemPrompt } from "./browserUseSystemPrompt.js";
import { observe, targetOf, taskCaller, type Observation } from "./taskPerception.js";

/** Replies per turn before the task fails: the first one plus this many corrected retries. */
export const MAX_REPLIES_PER_TURN = 4;

/**
 * An OpenAI-compatible chat model speaking the Browser-Use element-index protocol, as the
 * agent side of the Browser-Use loop: one State Object per turn (the browseruse adapter's own
 * translation), one validated action per reply, each action one engine step.
 */
export class BrowserUseProvider implements TaskProvider {
  constructor(private readonly client: ChatCompletionsClient) {}

  async run(task: TaskContext): Promise<string> {
    const conversation = BrowserUseConversation.start(task.goal, task.storedConversation);
    let current = await observe(task);
    for (;;) {
      conversation.presentState(current.state, current.screenshot);
      const action = await this.nextAction(task, conversation, current.state.state_hash);
      if (isPersonAsk(action)) {
        task.saveConversation(conversation.toJSON());
        conversation.noteForNextState(await runPersonAsk(task, action, current.state.state_hash));
        current = await observe(task);
        continue;
      }
      if (action.action !== "finish_task" && action.action !== "fail_task") conversation.recordExecuted(current.state.state_hash, action);
      // Once per turn, before the action runs and with its tuple: after an interruption, the same action is not sent again in an unchanged state.
      task.saveConversation(conversation.toJSON());
      if (action.action === "finish_task") return action.message;
      if (action.action === "fail_task") throw new AgentGaveUpError(action.message);
      current = await execute(task, action, current);
    }
  }

  /** Asks until a reply passes the Action Schema and the idempotency rule, correcting each refusal. */
  private async nextAction(task: TaskContext, conversation: BrowserUseConversation, stateHash: string): Promise<TaskAction> {
    let lastProblem = "";
    for (let reply = 1; reply <= MAX_REPLIES_PER_TURN; reply++) {
      const request = {
        model: task.model,
        messages: [{ role: "system" as const, content: browserUseSystemPrompt() }, ...conversation.forModel()],
      };
      const startedAt = Date.now();
      let text: string;
      try {
        const completion = await this.client.complete(request, task.signal);
        task.recordModelCall(withoutImages(request), completion.raw, null, startedAt);
        task.addUsage(completion.inputTokens, completion.outputTokens);
        text = completion.text;
      } catch (error) {
        if (task.signal.aborted) throw task.signal.reason;
        task.recordModelCall(withoutImages(request), null, error instanceof Error ? error.message : String(error), startedAt);
        throw error;
      }
      conversation.addReply(text);
      const verdict = judgeReply(text, stateHash, conversation.history);
      if (verdict.ok) return verdict.action;
      lastProblem = verdict.correction;
      conversation.addCorrection(verdict.correction);
    }
    throw new WebOperatorError(
      "model_output_invalid",
      `The model gave no usable action in ${MAX_REPLIES_PER_TURN} replies; the last refusal was: ${lastProblem.slice(0, 500)} Try a model that follows JSON instructions better, then start the task again.`,
    );
  }
}

/**
 * One action as one engine step (paused, counted, recorded, announced; its confirmations
 * wait for tasks.confirm). The step ends with the next State Object, whose state_hash is
 * the step's state_after. A failed action answers the unchanged state with the Browser-Use error.
 */
async function execute(task: TaskContext, action: BrowserUseAction, before: Observation): Promise<Observation> {
  const target = targetOf(action, before.issued);
  let failure: unknown = null;
  try {
    return await task.step(action.action, action, async () => {
      task.currentAction = action.action;
      try {
        await runBrowserUseAction(action, before.issued, task.tabs.activeTab(), taskCaller(task, target));
      } catch (error) {
        if (error instanceof TaskEndedError || task.signal.aborted) throw error;
        failure = error;
        throw asStepError(error);
      }
      const after = await observe(task);
      const count = Object.keys(after.state.element_index).length;
      return {
        value: after,
        summary: `${action.action} done: ${after.state.url} (${count} elements)`,
        record: after.state,
        ...(target === undefined ? {} : { locator: target }),
        stateHash: after.state.state_hash,
      };
    });
  } catch (error) {
    if (failure === null) throw error;
    // The Browser-Use protocol: a failed action answers the unchanged State Object, same state_hash, with the error.
    const seed = browserUseErrorOf(failure, action.action);
    const seedError = { code: seed.code, message: seed.message, failed_action: action };
    if (!seed.pageReplaced) return { ...before, state: { ...before.state, error: seedError } };
    // The document the old state's indexes point into is gone: only a new reading is true.
    const now = await observe(task);
    return { ...now, state: { ...now.state, error: seedError } };
  }
}

/** The stored model call keeps the image's size, not its bytes: a screenshot per turn would swell the store. */
function withoutImages(request: ChatCompletionRequest): ChatCompletionRequest {
  return {
    ...request,
    messages: request.messages.map((message) =>
      typeof message.content === "string"
        ? message
        : {
            ...message,
            content: message.content.map((part) =>
              part.type === "text"
                ? part
                : {
                    type: "image_url" as const,
                    image_url: { url: `data:image/png;base64,(${part.image_url.url.length} chars, not stored)` },
                  },
            ),
          },
    ),
  };
}

/** The step record keeps a WebOperator code: the adapter's own refusals map onto the nearest one, a rephrased failure keeps its own. */
function asStepError(error: unknown): unknown {
  if (!(error instanceof BrowserUseActionError)) return error;
  if (error.original !== undefined) return new WebOperatorError(error.original.code, error.message);
  return new WebOperatorError(
    error.code === "INVALID_ELEMENT_INDEX" ? "invalid_ref" : error.code === "ELEMENT_NOT_INTERACTIVE" ? "not_actionable" : "internal_error",
    `${error.code}: ${error.message}`,
  );
}
