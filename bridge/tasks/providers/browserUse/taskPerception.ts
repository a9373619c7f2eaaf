import {
  WebOperatorError,
  type BrowserUseAction,
  type BrowserUseErrorCode,
  type CommandType,
  type SnapshotElement,
} from "../../../../protocol/index.js";
import type { CommandCaller } from "../../../commandContext.js";
import { perceive, stateHash, type BrowserUseStateObject, type IssuedState } from "../../../perception/browserUseState.js";
import type { TargetHint, TaskContext } from "../../taskTypes.js";

/** The State Object the model gets: the adapter's, without our tabId, plus the Browser-Use error after a failed action. */
export type AgentState = Omit<BrowserUseStateObject, "tabId"> & {
  error?: { code: BrowserUseErrorCode; message: string; failed_action: BrowserUseAction };
};

export interface Observation {
  state: AgentState;
  issued: IssuedState;
  /** Base64 PNG of the viewport, for vision tasks; it goes to the model as an image part, not inside the JSON. */
  screenshot?: string;
}

/**
 * The Browser-Use adapter's callers, bound to a task: every browser.* call goes through
 * the task's own tab and the engine's confirmations (so a gated click waits in
 * waiting_confirmation), with the element's role and name for the prompt.
 */
export function taskCaller(task: TaskContext, target?: TargetHint): CommandCaller {
  const call = async (type: CommandType, payload: Record<string, unknown>): Promise<unknown> => {
    if (!type.startsWith("browser."))
      throw new WebOperatorError("internal_error", `The Browser-Use provider only calls browser.* commands, not ${type}.`);
    const result = await task.browser(type as Extract<CommandType, `browser.${string}`>, payload, target);
    adoptOpenedTab(task, result);
    return result;
  };
  return call as CommandCaller;
}

/** One State Object of the task's active tab, through the adapter's own translation. */
export async function observe(task: TaskContext): Promise<Observation> {
  const tabId = task.tabs.activeTab();
  try {
    const { state, issued } = await perceive(taskCaller(task), tabId, task.options.vision);
    const { tabId: _tabId, screenshot, ...forModel } = state;
    return { state: forModel, issued, ...(screenshot === undefined ? {} : { screenshot }) };
  } catch (error) {
    if (!(error instanceof WebOperatorError) || error.code !== "unsupported_page") throw error;
    const blank = await nonWebState(task, tabId);
    if (blank === null) throw error;
    return blank;
  }
}

/**
 * A task started without startUrl shows about:blank, which no content script reads: its
 * state has no elements, and says so, so the model's first action can be navigate.
 */
async function nonWebState(task: TaskContext, tabId: number): Promise<Observation | null> {
  const url = (await task.browser("browser.tabs_list", {})).tabs.find((tab) => tab.tabId === tabId)?.url ?? "";
  if (/^https?:/i.test(url)) return null;
  const pageContent = `(${url || "This tab"} is not a web page: it has no content and no elements. Use navigate to open an http(s) URL.)`;
  const hash = stateHash(url, pageContent);
  return {
    state: { url, page_content: pageContent, element_index: {}, state_hash: hash },
    issued: { tabId, url, stateHash: hash, entries: new Map() },
  };
}

/** The element an action names, as the confirmation prompt and the trace's locator show it. */
export function targetOf(action: BrowserUseAction, issued: IssuedState): TargetHint | undefined {
  if (!("element_index" in action)) return undefined;
  const entry: SnapshotElement | undefined = issued.entries.get(action.element_index);
  if (entry === undefined) return undefined;
  return { role: entry.role ?? entry.tag, name: entry.name || entry.ariaLabel || entry.text || "" };
}

/**
 * A click on a link that opened its own tab (target=_blank) moves the task there, as the Claude
 * provider does; a tab the page's script opened (a popup) joins the task's tabs without becoming its page.
 */
function adoptOpenedTab(task: TaskContext, result: unknown): void {
  if (typeof result !== "object" || result === null || !("tab_created" in result)) return;
  const created = result.tab_created;
  if (typeof created === "object" && created !== null && "tabId" in created && typeof created.tabId === "number")
    task.tabs.adopt(created.tabId, "opened_by" in created && created.opened_by === "link");
}
