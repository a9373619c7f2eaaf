import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  FINAL_TASK_STATUSES,
  TaskStartPayloadSchema,
  WebOperatorError,
  waitsForPerson,
  type ConfirmationsMode,
  type TaskArtifact,
  type TaskAutoConfirm,
  type TaskConfirmation,
  type TaskDetail,
  type TaskEvent,
  type TaskInteraction,
  type TaskStartPayload,
  type TaskStatus,
  type TaskSummary,
  type AgentGovernance,
} from "../../protocol/index.js";
import { AgentGaveUpError } from "./agentGaveUp.js";
import { providerSettingsFile } from "../config/paths.js";
import { providerEnv, providerReport } from "../config/providerSettings.js";
import { checkAttachments, copyAttachments } from "./attachments.js";
import { effectiveAutoConfirm } from "./confirmationPolicy.js";
import { TaskControl, TaskEndedError } from "./taskControl.js";
import { TaskStore, type TaskRow } from "./taskStore.js";
import type { SkillRow } from "./skills/skillStore.js";
import type { TaskSubscription } from "../commandContext.js";
import { artifactView, taskDetail, taskSummary } from "./taskViews.js";
import { readArtifact } from "./artifactFiles.js";
import { USER_MEMORY_SCOPE } from "./memoryStore.js";
import type { EngineToolCaller, ProviderFactory, TaskProvider } from "./taskTypes.js";
import { TaskSession } from "./taskSession.js";
import { REPLAY_MODEL, ReplayProvider } from "./providers/replay/replayProvider.js";
import { noticeSkill } from "./skills/skillDetector.js";
import { skillDetail, skillSummary } from "./skills/skillViews.js";

export interface TaskEngineOptions {
  configDir: string;
  env: NodeJS.ProcessEnv;
  callTool: EngineToolCaller;
  /** A task's run ended: its agent ends with it (its tabs are released). */
  taskEnded?: (taskId: string) => void;
  providers: ProviderFactory;
  /** Sends an event to the authenticated connections that want it. */
  broadcast: (event: TaskEvent) => void;
  /** The starting agent's current page, for a task given neither startUrl nor tabId; absent: such a task opens a blank tab. */
  currentPage?: (starterId: string | undefined) => Promise<number | null>;
  /** The user's confirmations setting; absent (no extension to ask, as in unit tests): "agent". */
  confirmationsMode?: () => Promise<ConfirmationsMode>;
}

interface LiveTask {
  control: TaskControl;
  session: TaskSession;
  done: Promise<void>;
}

const now = (): string => new Date().toISOString();

/**
 * The task engine: tasks.* commands, the state machine, and the one run per live task.
 * State lives in the store; a task's in-memory half (its controls and its session) exists
 * only while this process drives it.
 */
export class TaskEngine {
  private readonly store: TaskStore | null;
  private readonly storeError: WebOperatorError | null;
  private readonly live = new Map<string, LiveTask>();
  private readonly endWaiters = new Map<string, Set<() => void>>();
  /** Tabs that belong to a live task: no other task may act in them. */
  private readonly tabOwners = new Map<number, string>();
  /** The agent that started each task this process started: the task may act in that agent's tabs. */
  private readonly parents = new Map<string, string>();

  constructor(private readonly options: TaskEngineOptions) {
    let store: TaskStore | null = null;
    let storeError: WebOperatorError | null = null;
    try {
      store = TaskStore.open(options.configDir);
      store.markInterrupted(now());
    } catch (error) {
      store?.close();
      store = null;
      storeError = error instanceof WebOperatorError ? error : new WebOperatorError("store_unavailable", String(error));
    }
    this.store = store;
    this.storeError = storeError;
  }

  get storePath(): string | null {
    return this.store?.path ?? null;
  }

  /** On bridge shutdown: live tasks are not ended here; the next bridge marks them interrupted, so they can resume. */
  close(): void {
    this.store?.close();
  }

  /** From now on this connection gets only these tasks' events; without ids, every task's again. */
  subscribe({ ids }: { ids?: string[] | undefined }, subscription: TaskSubscription): { ids: string[] | null } {
    subscription.taskFilter = ids === undefined ? null : new Set(ids);
    return { ids: ids ?? null };
  }

  providers(): ReturnType<typeof providerReport> {
    return providerReport(this.options.env, providerSettingsFile(this.options.configDir));
  }

  list({ status, limit }: { status?: TaskStatus | TaskStatus[] | undefined; limit: number }): { tasks: TaskSummary[] } {
    const store = this.requireStore();
    const statuses = status === undefined ? undefined : Array.isArray(status) ? status : [status];
    return { tasks: store.listTasks(statuses, limit).map((row) => taskSummary(store, row)) };
  }

  get(id: string): TaskDetail {
    const store = this.requireStore();
    return taskDetail(store, this.row(store, id));
  }

  /**
   * `agentId`: the agent that starts it, whose tabs the task may act in; absent for the side
   * panel. `governance`: that agent's, which binds the task for its whole life.
   */
  startTask(
    payload: TaskStartPayload,
    agentId?: string,
    governance?: AgentGovernance,
  ): Promise<{ id: string; status: TaskStatus; autoConfirm: TaskAutoConfirm; currentTabId: number | null }> {
    return this.start(this.requireStore(), payload, agentId, governance);
  }

  stopTask(id: string): Promise<TaskSummary> {
    return this.stop(this.requireStore(), id);
  }

  pauseTask(id: string): TaskSummary {
    return this.pause(this.requireStore(), id);
  }

  resumeTask(id: string): TaskSummary {
    return this.resume(this.requireStore(), id);
  }

  confirmTask(input: {
    id: string;
    allow: boolean;
  }): Promise<{ id: string; confirmationId: string; allowed: boolean; status: TaskStatus }> {
    return this.confirm(this.requireStore(), input);
  }

  respondTo(input: {
    id: string;
    text?: string | undefined;
    done?: boolean | undefined;
  }): Promise<{ id: string; interactionId: string; status: TaskStatus }> {
    return this.respond(this.requireStore(), input);
  }

  /** Answers when the task ends, or a little before `timeoutMs`, the request's own budget. */
  waitFor(id: string, timeoutMs: number): Promise<TaskSummary & { ended: boolean }> {
    return this.wait(this.requireStore(), id, timeoutMs);
  }

  /** A file the task created, with its content. */
  async artifact({ id, name }: { id: string; name: string }): Promise<TaskArtifact & { id: string; content: string }> {
    const store = this.requireStore();
    this.row(store, id);
    const row = store.artifacts.get(id, name);
    if (row === undefined) {
      const names =
        store.artifacts
          .list(id)
          .map((artifact) => artifact.name)
          .join(", ") || "none";
      throw new WebOperatorError("not_found", `Task ${id} has no artifact "${name}" (its artifacts: ${names}).`);
    }
    return { id, ...artifactView(row), content: await readArtifact(row) };
  }

  skillList(limit: number): { skills: ReturnType<typeof skillSummary>[] } {
    return { skills: this.requireStore().skills.list(limit).map(skillSummary) };
  }

  skillGet(id: string): ReturnType<typeof skillDetail> {
    const store = this.requireStore();
    return skillDetail(this.skill(store, id));
  }

  /** Live tasks waiting for the person (a confirmation, a question, a step in the browser): the side panel's badge count. A watch or a schedule waits for no one. */
  waitingCount(): number {
    const store = this.store;
    if (store === null) return 0;
    return [...this.live.keys()].filter((id) => {
      const status = store.getTask(id)?.status;
      if (status === "waiting_confirmation") return true;
      const pending = status === "waiting_interaction" ? store.interactions.pending(id) : null;
      return pending !== null && waitsForPerson(pending);
    }).length;
  }

  /**
   * Tasks the last bridge left waiting on a watch or a schedule go on waiting: a page watch to
   * its recorded deadline, a schedule to its time (at once if that passed while no bridge ran).
   * Called when the extension connects, since a resumed task first looks for its tab.
   */
  resumeTimedWaits(): string[] {
    const store = this.store;
    if (store === null) return [];
    const waiting = store.listTasks(["interrupted"], 500).filter((row) => {
      const pending = store.interactions.pending(row.id);
      return pending !== null && !waitsForPerson(pending) && !this.live.has(row.id);
    });
    const resumed: string[] = [];
    for (const row of waiting) {
      try {
        this.resume(store, row.id);
        resumed.push(row.id);
      } catch (error) {
        const failure = error instanceof WebOperatorError ? error : new WebOperatorError("internal_error", String(error));
        this.options.broadcast({
          kind: "task:error",
          taskId: row.id,
          at: now(),
          code: failure.code,
          message: `Its watch or schedule could not go on after the restart: ${failure.message}`,
        });
      }
    }
    return resumed;
  }

  /** The full stored record of one task, for the trace endpoint. */
  traceSource(id: string): { store: TaskStore; row: TaskRow } | null {
    const store = this.requireStore();
    const row = store.getTask(id);
    return row === undefined ? null : { store, row };
  }

  private requireStore(): TaskStore {
    if (this.store === null) throw this.storeError ?? new WebOperatorError("store_unavailable", "The task store is not open.");
    return this.store;
  }

  private row(store: TaskStore, id: string): TaskRow {
    const row = store.getTask(id);
    if (row === undefined) throw new WebOperatorError("not_found", `No task ${id}. tasks.list shows the known tasks.`);
    return row;
  }

  private skill(store: TaskStore, id: string): SkillRow {
    const skill = store.skills.get(id);
    if (skill === undefined) throw new WebOperatorError("not_found", `No skill ${id}. skills.list shows the stored skills.`);
    return skill;
  }

  /** The provider a task runs with: the replay provider for a skill (no model), else the one it names. */
  private providerOf(
    store: TaskStore,
    payload: TaskStartPayload,
  ): { provider: TaskProvider; defaultModel: string; name: TaskStartPayload["provider"]; goal: string } {
    if (payload.skill !== undefined) {
      const skill = this.skill(store, payload.skill);
      return { provider: new ReplayProvider(skill), defaultModel: REPLAY_MODEL, name: "replay", goal: payload.goal ?? skill.goal };
    }
    if (payload.goal === undefined)
      throw new WebOperatorError("bad_request", "tasks.start needs a goal (or a skill id to replay a stored skill).");
    // Read at each start, so settings written since (CLI, side panel) apply without a browser restart.
    const env = providerEnv(this.options.env, providerSettingsFile(this.options.configDir));
    return { ...this.options.providers(payload.provider, env), name: payload.provider, goal: payload.goal };
  }

  /**
   * A succeeded task whose states repeat an earlier task's becomes a skill; that is announced,
   * and never fails the task. A replay task only repeats its skill, so it learns nothing.
   */
  private noticeSkill(store: TaskStore, id: string): void {
    try {
      const row = this.row(store, id);
      if (row.provider === "replay") return;
      const skill = noticeSkill(store, id, row.goal, now());
      if (skill !== null) this.emit(store, { kind: "skills:detected", taskId: id, at: now(), skill });
    } catch (error) {
      this.options.broadcast({
        kind: "task:error",
        taskId: id,
        at: now(),
        code: "store_unavailable",
        message: `Skill detection failed: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  private async start(
    store: TaskStore,
    requested: TaskStartPayload,
    agentId: string | undefined,
    governance: AgentGovernance | undefined,
  ): Promise<{ id: string; status: TaskStatus; autoConfirm: TaskAutoConfirm; currentTabId: number | null }> {
    const { provider, defaultModel, name, goal } = this.providerOf(store, requested);
    if (requested.startUrl !== undefined && requested.tabId !== undefined) {
      throw new WebOperatorError("bad_request", "Give either startUrl (the task opens its own tab) or tabId (an existing tab), not both.");
    }
    // A skill's recording starts by opening its own page, so a replay keeps to a tab of its own.
    const onCurrentPage = requested.startUrl === undefined && requested.tabId === undefined && requested.skill === undefined;
    const currentTabId = onCurrentPage ? ((await this.options.currentPage?.(agentId)) ?? null) : null;
    const tabId = requested.tabId ?? currentTabId ?? undefined;
    if (tabId !== undefined && this.tabOwners.has(tabId)) {
      throw new WebOperatorError(
        "invalid_state",
        `Tab ${tabId} belongs to task ${this.tabOwners.get(tabId)}; tasks never share a tab. Give another tab or a startUrl.`,
      );
    }
    const autoConfirm = effectiveAutoConfirm(
      requested.autoConfirm,
      agentId !== undefined,
      requested.autoConfirm ? await this.confirmationsMode() : "agent",
    );
    const payload: TaskStartPayload = { ...requested, autoConfirm: autoConfirm.effective, ...(tabId === undefined ? {} : { tabId }) };
    const checked = await checkAttachments(payload.attachments);
    const id = `task_${randomBytes(6).toString("hex")}`;
    const stored = await copyAttachments(checked, join(this.options.configDir, "tasks", id, "attachments"));
    const at = now();
    // One transaction: a task is never stored without its governance (it would resume unbound).
    store.atomically(() => {
      store.insertTask({
        id,
        status: "queued",
        goal,
        provider: name,
        model: payload.model ?? defaultModel,
        tab_id: payload.tabId ?? null,
        options: JSON.stringify({
          ...payload,
          attachments: payload.attachments.map(({ id: attachmentId, name }) => ({ id: attachmentId, name })),
        }),
        created_at: at,
        updated_at: at,
        answer: null,
        error_code: null,
        error_message: null,
        input_tokens: 0,
        output_tokens: 0,
        model_calls: 0,
        conversation: null,
        ref_map: null,
      });
      store.memory.assignScope(id, agentId ?? USER_MEMORY_SCOPE);
      if (governance !== undefined) store.governance.set(id, governance);
      for (const attachment of stored) {
        store.insertAttachment({
          task_id: id,
          id: attachment.id,
          name: attachment.name,
          mime_type: attachment.mimeType,
          stored_path: attachment.storedPath,
          size: attachment.size,
        });
      }
    });
    if (payload.tabId !== undefined) this.tabOwners.set(payload.tabId, id);
    if (agentId !== undefined) this.parents.set(id, agentId);
    this.emit(store, {
      kind: "task:update",
      taskId: id,
      status: "queued",
      previousStatus: null,
      at,
      task: taskSummary(store, this.row(store, id)),
    });
    this.launch(store, id, payload, provider, false);
    return { id, status: "queued", autoConfirm, currentTabId };
  }

  private confirmationsMode(): Promise<ConfirmationsMode> {
    return this.options.confirmationsMode?.() ?? Promise.resolve("agent");
  }

  private launch(store: TaskStore, id: string, payload: TaskStartPayload, provider: TaskProvider, resumed: boolean): void {
    const control = new TaskControl();
    const row = this.row(store, id);
    // Read from the store, so a task resumed after a restart is bound as it was when it started.
    const governance = store.governance.of(id);
    const session = new TaskSession({
      row,
      payload,
      store,
      control,
      callTool: (type, toolPayload, timeoutMs, uploadGrant) => {
        const parentAgentId = this.parents.get(id);
        const caller = {
          taskId: id,
          ...(parentAgentId === undefined ? {} : { parentAgentId }),
          ...(governance === undefined ? {} : { governance }),
          ...(uploadGrant === undefined ? {} : { uploadGrant }),
        };
        return this.options.callTool(type, toolPayload, timeoutMs, caller);
      },
      tabOwners: this.tabOwners,
      setStatus: (status, extra) => this.setStatus(store, id, status, extra),
      emit: (event) => this.emit(store, event),
      readAttachmentFile: (path) => readFile(path),
      artifactsFolder: join(this.options.configDir, "tasks", id, "artifacts"),
      // An agent's task (or one resumed, whose starter is not known) asks again at each confirmation:
      // the user may have taken confirmations back since the task started.
      mayAutoConfirm: async () => (!resumed && !this.parents.has(id)) || (await this.confirmationsMode()) !== "user",
      credentialsNeedAnswer: governance?.credentialForms === true,
    });
    const done = this.run(store, id, payload, provider, control, session, resumed);
    this.live.set(id, { control, session, done });
  }

  private async run(
    store: TaskStore,
    id: string,
    payload: TaskStartPayload,
    provider: TaskProvider,
    control: TaskControl,
    session: TaskSession,
    resumed: boolean,
  ): Promise<void> {
    // Let tasks.start answer before the first step runs.
    await new Promise((resolve) => setImmediate(resolve));
    control.deadline = Date.now() + payload.timeoutMs;
    const timer = setTimeout(() => control.end("timed_out"), payload.timeoutMs);
    try {
      this.setStatus(store, id, "running");
      await session.openTab(resumed);
      const answer = await provider.run(session);
      control.throwIfEnded();
      // The skill first: an agent whose tasks.wait answers at the success has its skills:detected event already.
      this.noticeSkill(store, id);
      this.finish(store, id, "succeeded", { answer });
    } catch (error) {
      const reason = control.endReason ?? (error instanceof TaskEndedError ? error.reason : null);
      if (reason === "stopped") this.finish(store, id, "stopped", { error: { code: "stopped", message: "Stopped by tasks.stop." } });
      else if (reason === "timed_out")
        this.finish(store, id, "timed_out", {
          error: { code: "timeout", message: `The task did not finish within its timeoutMs (${payload.timeoutMs} ms).` },
        });
      else if (reason === "max_steps")
        this.finish(store, id, "failed", {
          error: { code: "max_steps", message: `The task used up its maxSteps (${payload.maxSteps}) without an answer.` },
        });
      else {
        const failure =
          error instanceof WebOperatorError
            ? error
            : new WebOperatorError("internal_error", error instanceof Error ? error.message : String(error));
        this.finish(store, id, "failed", {
          error: { code: failure.code, message: failure.message },
          ...(failure instanceof AgentGaveUpError ? { answer: failure.answer } : {}),
        });
      }
    } finally {
      clearTimeout(timer);
      for (const [tabId, owner] of this.tabOwners) if (owner === id) this.tabOwners.delete(tabId);
      this.live.delete(id);
      this.options.taskEnded?.(id);
      const waiters = this.endWaiters.get(id);
      this.endWaiters.delete(id);
      for (const wake of waiters ?? []) wake();
    }
  }

  private finish(
    store: TaskStore,
    id: string,
    status: TaskStatus,
    extra: { answer?: string; error?: { code: string; message: string } },
  ): void {
    try {
      if (extra.error !== undefined)
        this.emit(store, { kind: "task:error", taskId: id, at: now(), code: extra.error.code, message: extra.error.message });
      this.setStatus(store, id, status, extra);
    } catch (error) {
      // The store refused the final write: the live event still tells the clients.
      const message = error instanceof Error ? error.message : String(error);
      this.options.broadcast({ kind: "task:error", taskId: id, at: now(), code: "store_unavailable", message });
      this.options.broadcast({ kind: "task:update", taskId: id, status, previousStatus: null, at: now(), ...extra });
    }
  }

  private setStatus(
    store: TaskStore,
    id: string,
    status: TaskStatus,
    extra: {
      answer?: string;
      error?: { code: string; message: string };
      confirmation?: TaskConfirmation;
      interaction?: TaskInteraction;
    } = {},
  ): void {
    const row = this.row(store, id);
    if (
      row.status === status &&
      extra.confirmation === undefined &&
      extra.interaction === undefined &&
      extra.answer === undefined &&
      extra.error === undefined
    )
      return;
    const at = now();
    store.updateTask(id, {
      status,
      updated_at: at,
      ...(extra.answer === undefined ? {} : { answer: extra.answer }),
      ...(extra.error === undefined
        ? status === "running"
          ? { error_code: null, error_message: null }
          : {}
        : { error_code: extra.error.code, error_message: extra.error.message }),
    });
    this.emit(store, {
      kind: "task:update",
      taskId: id,
      status,
      previousStatus: row.status,
      at,
      ...extra,
      task: taskSummary(store, this.row(store, id)),
    });
  }

  private emit(store: TaskStore, event: TaskEvent): void {
    store.insertEvent(event.taskId, event.kind, JSON.stringify(event), event.at);
    this.options.broadcast(event);
  }

  private async stop(store: TaskStore, id: string): Promise<TaskSummary> {
    const row = this.row(store, id);
    const live = this.live.get(id);
    if (live !== undefined) {
      live.control.end("stopped");
      await live.done;
    } else if (row.status === "interrupted") {
      this.finish(store, id, "stopped", { error: { code: "stopped", message: "Stopped by tasks.stop after an interruption." } });
    } else {
      throw new WebOperatorError("invalid_state", `Task ${id} already ended (${row.status}); there is nothing to stop.`);
    }
    return taskSummary(store, this.row(store, id));
  }

  private pause(store: TaskStore, id: string): TaskSummary {
    const live = this.live.get(id);
    if (live === undefined)
      throw new WebOperatorError(
        "invalid_state",
        `Task ${id} is ${this.row(store, id).status}, not running; only a running task can be paused.`,
      );
    live.session.requestPause();
    return taskSummary(store, this.row(store, id));
  }

  private resume(store: TaskStore, id: string): TaskSummary {
    const row = this.row(store, id);
    const live = this.live.get(id);
    if (live !== undefined) {
      if (!live.control.pauseRequested) throw new WebOperatorError("invalid_state", `Task ${id} is ${row.status}, not paused.`);
      live.session.resume();
      return taskSummary(store, this.row(store, id));
    }
    if (row.status !== "interrupted")
      throw new WebOperatorError("invalid_state", `Task ${id} is ${row.status}; only a paused or interrupted task can be resumed.`);
    const payload = TaskStartPayloadSchema.parse({ ...(JSON.parse(row.options) as Record<string, unknown>), attachments: [] });
    const { provider } = this.providerOf(store, payload);
    if (row.tab_id !== null && this.tabOwners.has(row.tab_id)) {
      throw new WebOperatorError("invalid_state", `Tab ${row.tab_id} now belongs to task ${this.tabOwners.get(row.tab_id)}.`);
    }
    if (row.tab_id !== null) this.tabOwners.set(row.tab_id, id);
    this.launch(store, id, payload, provider, true);
    return taskSummary(store, row);
  }

  private async confirm(
    store: TaskStore,
    input: { id: string; allow: boolean },
  ): Promise<{ id: string; confirmationId: string; allowed: boolean; status: TaskStatus }> {
    const pending = store.pendingConfirmation(input.id);
    const live = this.live.get(input.id);
    if (pending === undefined || live === undefined) {
      throw new WebOperatorError("invalid_state", `Task ${input.id} is ${this.row(store, input.id).status} and waits for no confirmation.`);
    }
    live.control.answerConfirmation(pending.id, input.allow);
    // The answer is applied on the task's own turn; give it that turn before reporting the status.
    await new Promise((resolve) => setImmediate(resolve));
    return { id: input.id, confirmationId: pending.id, allowed: input.allow, status: this.row(store, input.id).status };
  }

  /**
   * The person's answer to what the task asked. A live task waiting on it goes on at once;
   * an interrupted one (the bridge restarted while it waited) keeps the answer and resumes,
   * and its provider, asking again, gets it.
   */
  private async respond(
    store: TaskStore,
    input: { id: string; text?: string | undefined; done?: boolean | undefined },
  ): Promise<{ id: string; interactionId: string; status: TaskStatus }> {
    const row = this.row(store, input.id);
    const live = this.live.get(input.id);
    const pending = live !== undefined || row.status === "interrupted" ? store.interactions.pending(input.id) : null;
    if (pending === null)
      throw new WebOperatorError(
        "invalid_state",
        `Task ${input.id} is ${row.status} and asks nothing of the person; tasks.get shows what it waits on.`,
      );
    if (!waitsForPerson(pending)) {
      const on =
        pending.type === "watch"
          ? `"${pending.text}" to ${pending.until === "appears" ? "appear on" : "go from"} its tab (until ${pending.deadline})`
          : `its scheduled time (${pending.resumeAt})`;
      throw new WebOperatorError("invalid_state", `Task ${input.id} waits for ${on}, not for the person; tasks.stop ends it.`);
    }
    if (pending.type === "question" && input.text === undefined) {
      throw new WebOperatorError(
        "bad_request",
        `Task ${input.id} asks a question: answer it with {id, text}. Its question: ${pending.question}`,
      );
    }
    if (pending.type === "user_action" && input.done === undefined) {
      throw new WebOperatorError(
        "bad_request",
        `Task ${input.id} waits for the person to do a step in the browser (${pending.action}): answer {id, done: true} once it is done, or done: false if it cannot be.`,
      );
    }
    const answer = pending.type === "question" ? { text: input.text ?? "" } : { done: input.done === true };
    store.interactions.answer(pending.id, answer, now());
    if (live?.control.awaitsInteraction(pending.id) === true) live.control.answerInteraction(pending.id, answer);
    else if (live === undefined) this.resume(store, input.id);
    // The answer is applied on the task's own turn; give it that turn before reporting the status.
    await new Promise((resolve) => setImmediate(resolve));
    return { id: input.id, interactionId: pending.id, status: this.row(store, input.id).status };
  }

  private async wait(store: TaskStore, id: string, timeoutMs: number): Promise<TaskSummary & { ended: boolean }> {
    const row = this.row(store, id);
    const isFinal = (status: TaskStatus): boolean => FINAL_TASK_STATUSES.includes(status) && !this.live.has(id);
    if (!isFinal(row.status)) {
      // Answer a little before the caller's own deadline, so it gets the state rather than a timeout.
      const budget = Math.max(0, timeoutMs - Math.min(1_000, timeoutMs / 10));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, budget);
        const waiters = this.endWaiters.get(id) ?? new Set<() => void>();
        this.endWaiters.set(id, waiters);
        function wake(): void {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        }
        waiters.add(wake);
      });
    }
    const summary = taskSummary(store, this.row(store, id));
    return { ...summary, ended: isFinal(summary.status) };
  }
}
