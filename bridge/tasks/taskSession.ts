import {
  WebOperatorError,
  isTabScoped,
  type BrowserCommandType,
  type CommandPayloadInput,
  type CommandResult,
  type TaskEvent,
  type TaskStartPayload,
  withoutUiDetails,
} from "../../protocol/index.js";
import { ConfirmationDecision } from "./confirmationDecision.js";
import type { TaskControl } from "./taskControl.js";
import type { TaskRow } from "./taskRows.js";
import type { TaskStore } from "./taskStore.js";
import type {
  PersonAskRequest,
  StepOutcome,
  TargetHint,
  TaskAttachmentView,
  TaskContext,
  TaskStatusSetter,
  TimedWaitRequest,
  ToolCaller,
} from "./taskTypes.js";
import type { PersonAnswer, TimedWaitOutcome } from "./asksAndWaitsStore.js";
import { askPerson } from "./personAsks.js";
import { timedWait } from "./timedWaits.js";
import { parseBrowserResult } from "./browserResult.js";
import { StepRecorder, stepFailure } from "./trace/stepRecorder.js";
import type { TabLeases } from "./tabLeases.js";
import { TaskTabs } from "./taskTabs.js";
import { TaskAttachments } from "./taskAttachments.js";
import { TaskRecords } from "./taskRecords.js";

export interface TaskSessionDeps {
  row: TaskRow;
  payload: TaskStartPayload;
  store: TaskStore;
  control: TaskControl;
  callTool: ToolCaller;
  leases: TabLeases;
  setStatus: TaskStatusSetter;
  emit: (event: TaskEvent) => void;
  readAttachmentFile: (path: string) => Promise<Buffer>;
  /** Whether autoConfirm may still grant now: false once the user answers confirmations themselves. */
  mayAutoConfirm: () => Promise<boolean>;
  /** The starting agent's governance asks for explicit authorization of credential forms. */
  credentialsNeedAnswer: boolean;
  /** The task's own folder for the files it creates. */
  artifactsFolder: string;
}

/**
 * One live run of a task, as its provider sees it: its own tabs (TaskTabs), steps recorded
 * before they are announced (StepRecorder), browser calls whose confirmations wait for
 * tasks.confirm or autoConfirm instead of failing (ConfirmationDecision), its person asks and
 * timed waits, and its records in the store (TaskRecords).
 */
export class TaskSession extends TaskRecords implements TaskContext {
  readonly goal: string;
  readonly model: string;
  readonly options: TaskStartPayload;
  readonly storedConversation: unknown;
  readonly tabs: TaskTabs;
  currentAction: string | null = null;
  private readonly attachmentFiles: TaskAttachments;
  private readonly steps: StepRecorder;
  private readonly confirmations: ConfirmationDecision;

  constructor(private readonly deps: TaskSessionDeps) {
    super(deps.row.id, deps.store, deps.artifactsFolder);
    this.goal = deps.row.goal;
    this.model = deps.row.model;
    this.options = deps.payload;
    this.storedConversation = deps.row.conversation === null ? null : (JSON.parse(deps.row.conversation) as unknown);
    this.tabs = new TaskTabs(this.id, deps.leases, (tabId) => deps.store.updateTask(this.id, { tab_id: tabId }));
    this.attachmentFiles = new TaskAttachments(this.id, deps.store, deps.readAttachmentFile);
    this.steps = new StepRecorder({ row: deps.row, store: deps.store, callTool: deps.callTool, emit: deps.emit });
    this.confirmations = new ConfirmationDecision({ ...deps, taskId: this.id, options: deps.payload });
  }

  get signal(): AbortSignal {
    return this.deps.control.abort.signal;
  }

  get attachments(): TaskAttachmentView[] {
    return this.attachmentFiles.views;
  }

  /** The task's first tab: the one it was given, the one it had before an interruption, or a new background tab. */
  async openTab(resumed: boolean): Promise<void> {
    const wanted = resumed ? this.deps.row.tab_id : (this.options.tabId ?? null);
    if (wanted !== null) {
      const listed = await this.deps.callTool("browser.tabs_list", {});
      const { tabs } = parseBrowserResult("browser.tabs_list", listed) as CommandResult<"browser.tabs_list">;
      if (tabs.some((tab) => tab.tabId === wanted)) {
        this.tabs.adopt(wanted, true);
        return;
      }
      if (!resumed) throw new WebOperatorError("tab_not_found", `Tab ${wanted} does not exist; browser.tabs_list shows the open tabs.`);
    }
    await this.step("open_tab", { url: this.options.startUrl ?? null }, async () => {
      const open = this.options.startUrl === undefined ? { newWindow: true } : { url: this.options.startUrl, newWindow: true };
      this.steps.noteCall("browser.tab_open", open, true);
      const opened = await this.deps.callTool("browser.tab_open", open);
      const tab = parseBrowserResult("browser.tab_open", opened) as CommandResult<"browser.tab_open">;
      this.tabs.adopt(tab.tabId, true);
      return { value: tab, summary: `opened tab ${tab.tabId} at ${tab.url}` };
    });
  }

  requestPause(): void {
    this.deps.control.pauseRequested = true;
    if (!this.steps.inStep) this.deps.setStatus("paused");
  }

  resume(): void {
    this.deps.control.releasePause();
    this.deps.setStatus("running");
  }

  async step<T>(action: string, input: unknown, run: () => Promise<StepOutcome<T>>): Promise<T> {
    const control = this.deps.control;
    await control.passGate(() => this.deps.setStatus("paused"));
    if (this.steps.count >= this.options.maxSteps) {
      control.end("max_steps");
      control.throwIfEnded();
    }
    await this.steps.begin(action, input, this.tabs.current());
    let outcome: StepOutcome<T> | undefined;
    let failure: WebOperatorError | undefined;
    try {
      outcome = await run();
    } catch (error) {
      failure = stepFailure(error);
      throw error;
    } finally {
      await this.steps.end(this.tabs.current(), outcome, failure);
      if (control.pauseRequested && control.endReason === null) this.deps.setStatus("paused");
    }
    return outcome.value;
  }

  async browser<T extends BrowserCommandType>(type: T, payload: CommandPayloadInput<T>, target?: TargetHint): Promise<CommandResult<T>> {
    this.deps.control.throwIfEnded();
    const explicit = { ...(payload as Record<string, unknown>) };
    // Every call names its tab: a task never acts in a tab by an agent's default route.
    if (isTabScoped(type) && explicit.tabId === undefined) explicit.tabId = this.tabs.activeTab();
    const uploadGrant = await this.attachmentFiles.resolveUpload(type, explicit);
    this.steps.noteCall(type, explicit);
    let raw: unknown;
    try {
      raw = await this.deps.callTool(type, explicit, undefined, uploadGrant);
    } catch (error) {
      if (!(error instanceof WebOperatorError) || error.code !== "confirmation_required" || error.confirmation === undefined) throw error;
      const tabId = typeof explicit.tabId === "number" ? explicit.tabId : null;
      raw = await this.confirmations.settle({ type, gate: error.confirmation, action: this.currentAction, target, tabId });
    }
    const result = parseBrowserResult(type, raw) as CommandResult<T>;
    this.steps.noteResult(type, explicit, result);
    // The trace keeps the UI-only details; the provider, which talks to a model, never gets them.
    return withoutUiDetails(result) as CommandResult<T>;
  }

  readAttachment(id: string): Promise<{ name: string; mimeType: string; base64: string }> {
    return this.attachmentFiles.read(id);
  }

  askPerson(request: PersonAskRequest, key: string): Promise<PersonAnswer> {
    return askPerson({ ...this.deps, taskId: this.id }, request, key, this.tabs.current());
  }

  timedWait(key: string, request: () => TimedWaitRequest): Promise<TimedWaitOutcome> {
    return timedWait({ ...this.deps, taskId: this.id }, key, request, () => this.tabs.activeTab());
  }

  timeLeftMs(): number {
    return Math.max(0, this.deps.control.deadline - Date.now());
  }
}
