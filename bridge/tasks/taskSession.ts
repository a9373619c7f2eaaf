import { randomBytes } from "node:crypto";
import {
  WebOperatorError,
  isTabScoped,
  type BrowserCommandType,
  type CommandPayloadInput,
  type CommandResult,
  type ConfirmationRequest,
  type SkillDetail,
  type TaskArtifact,
  type TaskConfirmation,
  type TaskEvent,
  type TaskInteraction,
  type TaskStartPayload,
  type TaskStatus,
  type UploadGrant,
  withoutUiDetails,
} from "../../protocol/index.js";
import { autoConfirmAllows } from "./confirmationPolicy.js";
import type { TaskControl } from "./taskControl.js";
import type { TaskRow, TaskStore } from "./taskStore.js";
import type {
  InteractionRequest,
  StepOutcome,
  TargetHint,
  TaskAttachmentView,
  TaskContext,
  TimedWaitRequest,
  ToolCaller,
} from "./taskTypes.js";
import type { InteractionAnswer, TimedWaitOutcome } from "./interactionStore.js";
import { timedOutcomeOf, waitForSchedule, watchPage } from "./timedWaits.js";
import type { MemoryEntry } from "./memoryStore.js";
import { saveArtifact, type NewArtifact } from "./artifactFiles.js";
import { artifactView, shortInput } from "./taskViews.js";
import { skillDetail } from "./skills/skillViews.js";
import { parseBrowserResult } from "./browserResult.js";
import { BodyStepRecorder } from "./trace/bodyStepRecorder.js";
import { stepEdge } from "./trace/stepEdge.js";

export interface TaskSessionDeps {
  row: TaskRow;
  payload: TaskStartPayload;
  store: TaskStore;
  control: TaskControl;
  callTool: ToolCaller;
  tabOwners: Map<number, string>;
  setStatus: (status: TaskStatus, extra?: { confirmation?: TaskConfirmation; interaction?: TaskInteraction }) => void;
  emit: (event: TaskEvent) => void;
  readAttachmentFile: (path: string) => Promise<Buffer>;
  /** Whether autoConfirm may still grant now: false once the user answers confirmations themselves. */
  mayAutoConfirm: () => Promise<boolean>;
  /**
   * The starting agent's governance forbids submitting a credential form without explicit
   * authorization: autoConfirm, the agent's own standing grant, is not that.
   */
  credentialsNeedAnswer: boolean;
  /** The task's own folder for the files it creates. */
  artifactsFolder: string;
}

const now = (): string => new Date().toISOString();

/**
 * One live run of a task, as its provider sees it: the task's own tabs, steps that are
 * recorded before they are announced, and browser calls whose confirmations wait for
 * tasks.confirm (or autoConfirm) instead of failing.
 */
export class TaskSession implements TaskContext {
  readonly id: string;
  readonly goal: string;
  readonly model: string;
  readonly options: TaskStartPayload;
  readonly attachments: TaskAttachmentView[];
  readonly storedConversation: unknown;
  private readonly ownTabs: number[] = [];
  private active: number | null = null;
  private nextIndex: number;
  private inStep = false;
  private lastStateHash: string | null = null;
  /** The &body.browser view of each step (state hashes, typed actions) for the trace, replay and skills. */
  private readonly recorder: BodyStepRecorder;

  constructor(private readonly deps: TaskSessionDeps) {
    this.id = deps.row.id;
    this.goal = deps.row.goal;
    this.model = deps.row.model;
    this.options = deps.payload;
    this.storedConversation = deps.row.conversation === null ? null : (JSON.parse(deps.row.conversation) as unknown);
    this.attachments = deps.store
      .attachments(this.id)
      .map((row) => ({ id: row.id, name: row.name, mimeType: row.mime_type, size: row.size }));
    this.nextIndex = deps.store.stepCount(this.id);
    this.recorder = new BodyStepRecorder(async (type, payload) => parseBrowserResult(type, await deps.callTool(type, payload)) as never);
  }

  get signal(): AbortSignal {
    return this.deps.control.abort.signal;
  }

  tabs(): number[] {
    return [...this.ownTabs];
  }

  activeTab(): number {
    if (this.active === null) throw new WebOperatorError("tab_not_found", "This task has no open tab; open one with new_tab.");
    return this.active;
  }

  adoptTab(tabId: number, makeActive: boolean): void {
    const owner = this.deps.tabOwners.get(tabId);
    if (owner !== undefined && owner !== this.id) throw new WebOperatorError("tab_not_found", `Tab ${tabId} belongs to another task.`);
    this.deps.tabOwners.set(tabId, this.id);
    if (!this.ownTabs.includes(tabId)) this.ownTabs.push(tabId);
    if (makeActive || this.active === null) this.activateTab(tabId);
  }

  activateTab(tabId: number): void {
    if (!this.ownTabs.includes(tabId)) throw new WebOperatorError("tab_not_found", `Tab ${tabId} is not one of this task's tabs.`);
    this.active = tabId;
    this.deps.store.updateTask(this.id, { tab_id: tabId });
  }

  releaseTab(tabId: number): void {
    const at = this.ownTabs.indexOf(tabId);
    if (at >= 0) this.ownTabs.splice(at, 1);
    this.deps.tabOwners.delete(tabId);
    if (this.active === tabId) this.active = this.ownTabs.at(-1) ?? null;
  }

  /** The task's first tab: the one it was given, the one it had before an interruption, or a new background tab. */
  async openTab(resumed: boolean): Promise<void> {
    const wanted = resumed ? this.deps.row.tab_id : (this.options.tabId ?? null);
    if (wanted !== null) {
      const listed = await this.deps.callTool("browser.tabs_list", {});
      const { tabs } = parseBrowserResult("browser.tabs_list", listed) as CommandResult<"browser.tabs_list">;
      if (tabs.some((tab) => tab.tabId === wanted)) {
        this.adoptTab(wanted, true);
        return;
      }
      if (!resumed) throw new WebOperatorError("tab_not_found", `Tab ${wanted} does not exist; browser.tabs_list shows the open tabs.`);
    }
    await this.step("open_tab", { url: this.options.startUrl ?? null }, async () => {
      const open = this.options.startUrl === undefined ? { newWindow: true } : { url: this.options.startUrl, newWindow: true };
      this.recorder.note("browser.tab_open", open, true);
      const opened = await this.deps.callTool("browser.tab_open", open);
      const tab = parseBrowserResult("browser.tab_open", opened) as CommandResult<"browser.tab_open">;
      this.adoptTab(tab.tabId, true);
      return { value: tab, summary: `opened tab ${tab.tabId} at ${tab.url}` };
    });
  }

  requestPause(): void {
    this.deps.control.pauseRequested = true;
    if (!this.inStep) this.deps.setStatus("paused");
  }

  resume(): void {
    this.deps.control.releasePause();
    this.deps.setStatus("running");
  }

  async step<T>(action: string, input: unknown, run: () => Promise<StepOutcome<T>>): Promise<T> {
    const control = this.deps.control;
    await control.passGate(() => this.deps.setStatus("paused"));
    if (this.nextIndex >= this.options.maxSteps) {
      control.end("max_steps");
      control.throwIfEnded();
    }
    const index = this.nextIndex++;
    await this.recorder.beginStep(this.active);
    const startedAt = Date.now();
    this.inStep = true;
    let outcome: StepOutcome<T> | undefined;
    let failure: WebOperatorError | undefined;
    try {
      outcome = await run();
    } catch (error) {
      failure = stepFailure(error);
      throw error;
    } finally {
      this.inStep = false;
      const durationMs = Date.now() - startedAt;
      if (outcome?.stateHash !== undefined) this.lastStateHash = outcome.stateHash;
      const body = await this.recorder.endStep(this.active);
      const edge = stepEdge({
        taskId: this.id,
        index,
        action,
        input,
        source: action === "open_tab" ? "engine" : this.deps.row.provider === "replay" ? "replay" : "model",
        model: this.model,
        startedAt,
        latencyMs: durationMs,
        body,
        locator: outcome?.locator ?? null,
        failure,
        tabsHash: this.lastStateHash,
      });
      const summary = outcome?.summary ?? `${failure?.code ?? "error"}: ${failure?.message ?? ""}`;
      this.deps.store.insertStep({
        task_id: this.id,
        idx: index,
        action,
        input: JSON.stringify(input ?? null),
        ok: outcome === undefined ? 0 : 1,
        summary: summary.slice(0, 2_000),
        error_code: failure?.code ?? null,
        result: outcome === undefined ? null : JSON.stringify(outcome.record ?? outcome.value ?? null),
        edge: JSON.stringify(edge),
        started_at: new Date(startedAt).toISOString(),
        duration_ms: durationMs,
      });
      this.deps.emit({
        kind: "task:step",
        taskId: this.id,
        at: now(),
        step: {
          index,
          action,
          input: shortInput(input),
          ok: outcome !== undefined,
          summary: summary.slice(0, 500),
          errorCode: failure?.code ?? null,
          durationMs,
        },
      });
      if (control.pauseRequested && control.endReason === null) this.deps.setStatus("paused");
    }
    return outcome.value;
  }

  async browser<T extends BrowserCommandType>(type: T, payload: CommandPayloadInput<T>, target?: TargetHint): Promise<CommandResult<T>> {
    this.deps.control.throwIfEnded();
    const explicit = { ...(payload as Record<string, unknown>) };
    // Every call names its tab: a task never acts in a tab by an agent's default route.
    if (isTabScoped(type) && explicit.tabId === undefined) explicit.tabId = this.activeTab();
    const uploadGrant = await this.resolveAttachments(type, explicit);
    if (this.inStep) this.recorder.note(type, explicit, false);
    try {
      const result = parseBrowserResult(type, await this.deps.callTool(type, explicit, undefined, uploadGrant)) as CommandResult<T>;
      if (this.inStep) this.recorder.noteResult(type, explicit, result);
      // The trace keeps the UI-only details; the provider, which talks to a model, never gets them.
      return withoutUiDetails(result) as CommandResult<T>;
    } catch (error) {
      if (!(error instanceof WebOperatorError) || error.code !== "confirmation_required") throw error;
      const gate = error.confirmation;
      if (gate === undefined) throw error;
      const allowed = await this.decide(type, gate, target, typeof explicit.tabId === "number" ? explicit.tabId : null);
      if (!allowed.ok) {
        await this.deps.callTool("browser.confirm", { id: gate.id, allow: false }).catch(() => undefined);
        throw new WebOperatorError("policy_denied", allowed.why);
      }
      const confirmed = await this.deps.callTool("browser.confirm", { id: gate.id, allow: true });
      const result = parseBrowserResult(type, (confirmed as { result?: unknown }).result) as CommandResult<T>;
      if (this.inStep) this.recorder.noteResult(type, explicit, result);
      // The trace keeps the UI-only details; the provider, which talks to a model, never gets them.
      return withoutUiDetails(result) as CommandResult<T>;
    }
  }

  /** Whether a gated call may run: autoConfirm decides, or a person answers tasks.confirm in time. */
  private async decide(
    type: string,
    gate: ConfirmationRequest,
    target: TargetHint | undefined,
    tabId: number | null,
  ): Promise<{ ok: true } | { ok: false; why: string }> {
    // The gatekeeper's own view of the element wins over the provider's hint.
    const role = gate.target?.role ?? target?.role ?? "";
    const name = gate.target?.name ?? target?.name ?? "";
    const url = gate.url !== "" ? gate.url : tabId === null ? "" : await this.tabUrl(tabId);
    const at = new Date();
    const timeoutMs = this.options.confirmationTimeoutMs;
    const confirmation: TaskConfirmation = {
      id: `tc_${randomBytes(6).toString("hex")}`,
      action: this.currentAction ?? type,
      tool: type,
      role,
      name,
      url,
      reasons: gate.reason,
      requestedAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + timeoutMs).toISOString(),
    };
    const auto = this.options.autoConfirm && autoConfirmAllows(gate, this.deps.credentialsNeedAnswer) && (await this.deps.mayAutoConfirm());
    this.deps.store.insertConfirmation({
      id: confirmation.id,
      task_id: this.id,
      gate_id: gate.id,
      action: confirmation.action,
      tool: type,
      role,
      name,
      url,
      reasons: gate.reason,
      requested_at: confirmation.requestedAt,
      expires_at: confirmation.expiresAt,
      answer: auto ? "allowed" : "pending",
      answered_at: auto ? confirmation.requestedAt : null,
    });
    if (auto) return { ok: true };
    this.deps.setStatus("waiting_confirmation", { confirmation });
    const answer = await this.deps.control.awaitConfirmation(confirmation.id, timeoutMs);
    this.deps.store.answerConfirmation(confirmation.id, answer, now());
    this.deps.control.throwIfEnded();
    this.deps.setStatus(this.deps.control.pauseRequested ? "paused" : "running");
    if (answer === "allowed") return { ok: true };
    const what = `${confirmation.action} on ${role || "element"} "${name}"`;
    return {
      ok: false,
      why:
        answer === "expired"
          ? `No one answered the confirmation for ${what} within ${timeoutMs / 1000} s, so it counts as denied. Do not retry it; finish another way or say what is needed.`
          : `The user denied ${what}. Do not retry it; choose another way or stop and say why.`,
    };
  }

  /** The member a provider is running, named in confirmation prompts. */
  currentAction: string | null = null;

  private async tabUrl(tabId: number): Promise<string> {
    try {
      const listed = parseBrowserResult(
        "browser.tabs_list",
        await this.deps.callTool("browser.tabs_list", {}),
      ) as CommandResult<"browser.tabs_list">;
      return listed.tabs.find((tab) => tab.tabId === tabId)?.url ?? "";
    } catch {
      return "";
    }
  }

  /**
   * An upload naming this task's attachments by id gets their bytes from this task's store, and
   * the grant that lets it run without allowUploads: the user gave these files to this task.
   */
  private async resolveAttachments(type: BrowserCommandType, payload: Record<string, unknown>): Promise<UploadGrant | undefined> {
    if (type !== "browser.upload_file" || !Array.isArray(payload.attachments)) return undefined;
    const ids = payload.attachments.map(String);
    delete payload.attachments;
    payload.files = await Promise.all(ids.map((id) => this.readAttachment(id)));
    return "task_attachments";
  }

  async readAttachment(id: string): Promise<{ name: string; mimeType: string; base64: string }> {
    const row = this.deps.store.attachments(this.id).find((attachment) => attachment.id === id);
    if (row === undefined) {
      const known = this.attachments.map((attachment) => attachment.id).join(", ") || "none";
      throw new WebOperatorError(
        "upload_refused",
        `"${id}" is not an attachment of this task (its attachments: ${known}). Only task attachments can be uploaded.`,
      );
    }
    return { name: row.name, mimeType: row.mime_type, base64: (await this.deps.readAttachmentFile(row.stored_path)).toString("base64") };
  }

  async interact(request: InteractionRequest, key: string): Promise<InteractionAnswer> {
    const { interaction, answer: known } = this.recorded(key, (base) =>
      request.type === "question" ? { ...base, ...request } : { ...base, ...request, tabId: this.active },
    );
    if (known !== null) return known;
    this.deps.setStatus("waiting_interaction", { interaction });
    const answer = await this.deps.control.awaitInteraction(interaction.id);
    this.deps.control.throwIfEnded();
    if (answer === null) throw new WebOperatorError("invalid_state", "The task ended while it waited for the person.");
    this.deps.setStatus(this.deps.control.pauseRequested ? "paused" : "running");
    return answer;
  }

  async waitOn(key: string, requested: () => TimedWaitRequest): Promise<TimedWaitOutcome> {
    const { interaction, answer: known } = this.recorded(key, (base) => {
      const request = requested();
      return request.type === "watch"
        ? {
            ...base,
            type: "watch",
            text: request.text,
            until: request.until,
            tabId: this.activeTab(),
            deadline: new Date(Date.now() + request.timeoutMs).toISOString(),
          }
        : { ...base, type: "schedule", resumeAt: request.resumeAt.toISOString() };
    });
    if (known !== null) return timedOutcomeOf(known);
    const control = this.deps.control;
    this.deps.setStatus("waiting_interaction", { interaction });
    let outcome: TimedWaitOutcome;
    if (interaction.type === "watch") {
      const payload = {
        tabId: interaction.tabId,
        ...(interaction.until === "appears" ? { text: interaction.text } : { textGone: interaction.text }),
        timeMs: 1,
      };
      outcome = await watchPage(interaction, () => this.textShows(payload, interaction.until === "appears"), control.abort.signal);
    } else if (interaction.type === "schedule") {
      outcome = await waitForSchedule(interaction, control.abort.signal);
    } else {
      throw new WebOperatorError(
        "internal_error",
        `The request stored under this call is a ${interaction.type}, not a watch or a schedule.`,
      );
    }
    control.throwIfEnded();
    this.deps.store.interactions.answer(interaction.id, outcome, now());
    this.deps.setStatus(control.pauseRequested ? "paused" : "running");
    return outcome;
  }

  /**
   * Whether the watched text is on the tab now: one wait_for that looks once (timeMs 1), on
   * the same gated path as the task's other calls. A gone extension is a look that missed.
   */
  private async textShows(payload: Record<string, unknown>, appears: boolean): Promise<boolean> {
    try {
      await this.deps.callTool("browser.wait_for", payload);
      return appears;
    } catch (error) {
      if (error instanceof WebOperatorError && (error.code === "timeout" || error.code === "extension_disconnected")) return !appears;
      throw error;
    }
  }

  timeLeftMs(): number {
    return Math.max(0, this.deps.control.deadline - Date.now());
  }

  /** The request stored under `key` with its answer, or a new one built and stored now. */
  private recorded(
    key: string,
    build: (base: { id: string; requestedAt: string }) => TaskInteraction,
  ): { interaction: TaskInteraction; answer: InteractionAnswer | null } {
    const interactions = this.deps.store.interactions;
    const known = interactions.byKey(this.id, key);
    if (known !== undefined) return known;
    const interaction = build({ id: `ti_${randomBytes(6).toString("hex")}`, requestedAt: now() });
    interactions.insert(this.id, key, interaction);
    return { interaction, answer: null };
  }

  readonly memory = {
    read: (key: string): MemoryEntry | null => this.deps.store.memory.read(this.deps.store.memory.scopeOf(this.id), key),
    write: (key: string, value: string): void =>
      this.deps.store.memory.write(this.deps.store.memory.scopeOf(this.id), key, value, this.id, now()),
    keys: (): string[] => this.deps.store.memory.keys(this.deps.store.memory.scopeOf(this.id)),
  };

  async createArtifact(artifact: NewArtifact): Promise<TaskArtifact> {
    return artifactView(await saveArtifact(this.deps.store.artifacts, this.deps.artifactsFolder, this.id, artifact, now()));
  }

  loadSkill(name: string): SkillDetail {
    const skills = this.deps.store.skills;
    const skill = skills.get(name) ?? skills.byGoal(name);
    if (skill === undefined) {
      const known =
        skills
          .list(20)
          .map((row) => `${row.id} ("${row.goal.slice(0, 80)}")`)
          .join(", ") || "none yet";
      throw new WebOperatorError(
        "not_found",
        `No skill is named "${name.slice(0, 200)}": give a skill id or a skill's exact goal. Stored skills: ${known}.`,
      );
    }
    return skillDetail(skill);
  }

  saveConversation(messages: unknown): void {
    this.deps.store.updateTask(this.id, { conversation: JSON.stringify(messages), updated_at: now() });
  }

  private modelCallIndex = -1;

  recordModelCall(request: unknown, response: unknown, error: string | null, startedAt: number): void {
    if (this.modelCallIndex < 0) this.modelCallIndex = this.deps.store.modelCalls(this.id).length;
    this.deps.store.insertModelCall({
      task_id: this.id,
      idx: this.modelCallIndex++,
      request: JSON.stringify(request),
      response: response === null ? null : JSON.stringify(response),
      error,
      started_at: new Date(startedAt).toISOString(),
      duration_ms: Date.now() - startedAt,
    });
  }

  addUsage(inputTokens: number, outputTokens: number): void {
    const row = this.deps.store.getTask(this.id);
    if (row === undefined) return;
    this.deps.store.updateTask(this.id, {
      input_tokens: row.input_tokens + inputTokens,
      output_tokens: row.output_tokens + outputTokens,
      model_calls: row.model_calls + 1,
    });
  }
}

/** What a step's trace edge records: the browser's own error when the model was told it in other words. */
function stepFailure(error: unknown): WebOperatorError {
  if (error instanceof WebOperatorError) return error;
  if (error instanceof Error && error.cause instanceof WebOperatorError) return error.cause;
  return new WebOperatorError("dispatch_failed", error instanceof Error ? error.message : String(error));
}
