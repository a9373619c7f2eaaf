import { BrowserUseActionSchema, describeZodError, type CommandResult } from "../../../protocol/index.js";
import type { BridgeCommandContext, BridgeCommandHandlers } from "../../commandContext.js";
import { isElementAction, runBrowserUseAction } from "../../actions/browserUseActions.js";
import { BrowserUseActionError, browserUseErrorOf } from "../../actions/browserUseErrors.js";
import { perceive } from "../../perception/browserUseState.js";
import { lastIssued, lastIssuedState, rememberIssued } from "./issuedStates.js";

type ActResult = CommandResult<"browseruse.act">;
type ActError = NonNullable<ActResult["error"]>;

/** Reads the tab, issues the state to this connection, and answers it with `extra`. */
async function issueState(
  context: BridgeCommandContext,
  tabId: number | undefined,
  screenshot: boolean,
  extra: Partial<ActResult> = {},
): Promise<ActResult> {
  const { state, issued } = await perceive(context.call, tabId, screenshot);
  rememberIssued(context.session, issued, state);
  return { ...state, ...extra };
}

/**
 * A failed action changed nothing, so it answers the state it was sent against again: the same
 * state_hash and element_index, with the error. Reading the page again would issue a new state
 * (a page that moved on by itself, a field the person typed in) in which the agent never chose.
 */
async function answerFailure(
  context: BridgeCommandContext,
  tabId: number | undefined,
  screenshot: boolean,
  error: ActError,
  pageReplaced = false,
): Promise<ActResult> {
  const last = pageReplaced ? undefined : lastIssuedState(context.session, tabId ?? context.session.agent.lastTabId);
  // No state was ever issued for this tab, so there is none to answer unchanged and only a reading
  // can answer; after a navigation the page could not be brought back from, the old one would lie.
  if (last === undefined) return issueState(context, tabId, screenshot, { error });
  // The state keeps no image; the viewport now is the one it described, since nothing changed.
  const image = screenshot ? await context.call("browser.screenshot", { tabId: last.tabId }) : null;
  return { ...last, ...(image === null ? {} : { screenshot: image.data }), error };
}

export const BROWSER_USE_HANDLERS: BridgeCommandHandlers = {
  "browseruse.state": (payload, context) => issueState(context, payload.tabId, payload.screenshot === true),

  async "browseruse.act"(payload, context) {
    const { tabId, state_hash: stateHash, screenshot, ...sent } = payload;
    const wantsScreenshot = screenshot === true;
    const parsed = BrowserUseActionSchema.safeParse(sent);
    if (!parsed.success) {
      const message = `The action does not conform to the Action Schema: ${describeZodError(parsed.error, "action")}. Actions: click_element, input_text, select_option, scroll, navigate, finish_task, fail_task.`;
      return answerFailure(context, tabId, wantsScreenshot, { code: "ACTION_VALIDATION_FAILED", message, failed_action: sent });
    }
    const action = parsed.data;
    const issued = lastIssued(context.session, tabId ?? context.session.agent.lastTabId);
    try {
      // An index is valid only for the state it was issued in; never act on what now has that number.
      if (isElementAction(action) && stateHash !== undefined && stateHash !== issued?.stateHash) {
        throw new BrowserUseActionError(
          "INVALID_ELEMENT_INDEX",
          `state_hash ${stateHash.slice(0, 12)}… is not the latest state of this tab, so its element indexes are no longer valid; choose from the element_index of the state in this answer.`,
        );
      }
      await runBrowserUseAction(action, issued, tabId, context.call);
    } catch (error) {
      const failure = browserUseErrorOf(error, action.action);
      const answered = { code: failure.code, message: failure.message, failed_action: sent };
      return answerFailure(context, tabId, wantsScreenshot, answered, failure.pageReplaced);
    }
    if (action.action === "finish_task" || action.action === "fail_task") {
      return issueState(context, tabId, wantsScreenshot, {
        task: { status: action.action === "finish_task" ? "finished" : "failed", message: action.message },
      });
    }
    return issueState(context, tabId, wantsScreenshot);
  },
};
