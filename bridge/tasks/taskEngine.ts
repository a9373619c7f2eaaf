import {
  FINAL_TASK_STATUSES,
  TaskStartPayloadSchema,
  WebOperatorError,
  type ConfirmationsMode,
  type TaskAutoConfirm,
  type TaskEvent,
  type TaskStartPayload,
  type TaskStatus,
  type TaskSummary,
  type AgentGovernance,
} from "../../protocol/index.js";
import { providerSettingsFile } from "../config/paths.js";
import { providerEnv } from "../config/resolvedProviderSettings.js";
import { effectiveAutoConfirm } from "./confirmationDecision.js";
import { TaskStore } from "./taskStore.js";
import { taskSummary } from "./taskViews.js";
import { TaskQueries } from "./taskQueries.js";
import type { EngineToolCaller, ProviderFactory, TaskProvider } from "./taskTypes.js";
import { TabLeases } from "./tabLeases.js";
import { TaskStatusWriter } from "./taskStatus.js";
import { launchTask, type LiveTask, type TaskRunHost } from "./taskRun.js";
import { TaskEndWaiters } from "./taskEndWaiters.js";
import { chooseProvider, createTask, startingTab, type TaskProviderChoice } from "./newTask.js";
import { personAnswerTo, waitsOnPerson } from "./personAsks.js";
import { interruptedTimedWaits } from "./timedWaits.js";

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

const now = (): string => new Date().toISOString();

interface OpenStore {
  store: TaskStore;
  status: TaskStatusWriter;
  host: TaskRunHost;
}

/** Gives a task's run its turn to apply an answer before the status is reported. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The task engine: the tasks.* and skills.* commands and the state machine over the store.
 * State lives in the store; a task's in-memory half (its controls and its session) exists
 * only while this process drives it (taskRun.ts).
 */
export class TaskEngine {
  private readonly opened: OpenStore | null;
  private readonly storeError: WebOperatorError | null;
  private readonly live = new Map<string, LiveTask>();
  private readonly endWaiters = new TaskEndWaiters();
  /** Tabs that belong to a live task: no other task may act in them. */
  private readonly leases = new TabLeases();
  /** The agent that started each task this process started: the task may act in that agent's tabs. */
  private readonly parents = new Map<string, string>();
  /** The reads of tasks.* and skills.* (list, get, artifacts, skills, the trace's source). */
  readonly queries: TaskQueries;

  constructor(private readonly options: TaskEngineOptions) {
    const opened = TaskStore.openAfterRestart(options.configDir, now());
    this.storeError = opened instanceof WebOperatorError ? opened : null;
    this.opened = opened instanceof WebOperatorError ? null : this.runHost(opened);
    this.queries = new TaskQueries(() => this.ready.store, options.env, options.configDir);
  }

  private runHost(store: TaskStore): OpenStore {
    const status = new TaskStatusWriter(store, this.options.broadcast, (id) => this.queries.row(id));
    const host: TaskRunHost = {
      store,
      status,
      leases: this.leases,
      configDir: this.options.configDir,
      callTool: this.options.callTool,
      parentOf: (taskId) => this.parents.get(taskId),
      confirmationsMode: () => this.confirmationsMode(),
      broadcast: this.options.broadcast,
      ended: (taskId) => {
        this.live.delete(taskId);
        this.options.taskEnded?.(taskId);
        this.endWaiters.wake(taskId);
      },
    };
    return { store, status, host };
  }

  get storePath(): string | null {
    return this.opened?.store.path ?? null;
  }

  /** On bridge shutdown: live tasks are not ended here; the next bridge marks them interrupted, so they can resume. */
  close(): void {
    this.opened?.store.close();
  }

  /** The open store with its status writer and run host, or the reason the store is not open (store_unavailable). */
  private get ready(): OpenStore {
    if (this.opened === null) throw this.storeError ?? new WebOperatorError("store_unavailable", "The task store is not open.");
    return this.opened;
  }

  /**
   * `agentId`: the agent that starts it, whose tabs the task may act in; absent for the side
   * panel. `governance`: that agent's, which binds the task for its whole life.
   */
  async start(
    requested: TaskStartPayload,
    agentId?: string,
    governance?: AgentGovernance,
  ): Promise<{ id: string; status: TaskStatus; autoConfirm: TaskAutoConfirm; currentTabId: number | null }> {
    const store = this.ready.store;
    const { provider, defaultModel, name, goal } = this.providerOf(requested);
    const { tabId, currentTabId } = await startingTab(requested, this.leases, () => this.options.currentPage?.(agentId));
    const autoConfirm = effectiveAutoConfirm(
      requested.autoConfirm,
      agentId !== undefined,
      requested.autoConfirm ? await this.confirmationsMode() : "agent",
    );
    const payload: TaskStartPayload = { ...requested, autoConfirm: autoConfirm.effective, ...(tabId === undefined ? {} : { tabId }) };
    const at = now();
    const id = await createTask(store, this.options.configDir, {
      goal,
      provider: name,
      model: payload.model ?? defaultModel,
      payload,
      agentId,
      governance,
      at,
    });
    if (payload.tabId !== undefined) this.leases.lease(payload.tabId, id);
    if (agentId !== undefined) this.parents.set(id, agentId);
    this.ready.status.emit({ kind: "task:update", taskId: id, status: "queued", previousStatus: null, at, task: this.queries.summary(id) });
    this.launch(id, payload, provider, false);
    return { id, status: "queued", autoConfirm, currentTabId };
  }

  async stop(id: string): Promise<TaskSummary> {
    const row = this.queries.row(id);
    const live = this.live.get(id);
    if (live !== undefined) {
      live.control.end("stopped");
      await live.done;
    } else if (row.status === "interrupted") {
      this.ready.status.finish(id, "stopped", { error: { code: "stopped", message: "Stopped by tasks.stop after an interruption." } });
    } else {
      throw new WebOperatorError("invalid_state", `Task ${id} already ended (${row.status}); there is nothing to stop.`);
    }
    return this.queries.summary(id);
  }

  pause(id: string): TaskSummary {
    const live = this.live.get(id);
    if (live === undefined)
      throw new WebOperatorError(
        "invalid_state",
        `Task ${id} is ${this.queries.row(id).status}, not running; only a running task can be paused.`,
      );
    live.session.requestPause();
    return this.queries.summary(id);
  }

  resume(id: string): TaskSummary {
    const store = this.ready.store;
    const row = this.queries.row(id);
    const live = this.live.get(id);
    if (live !== undefined) {
      if (!live.control.pauseRequested) throw new WebOperatorError("invalid_state", `Task ${id} is ${row.status}, not paused.`);
      live.session.resume();
      return this.queries.summary(id);
    }
    if (row.status !== "interrupted")
      throw new WebOperatorError("invalid_state", `Task ${id} is ${row.status}; only a paused or interrupted task can be resumed.`);
    const payload = TaskStartPayloadSchema.parse({ ...(JSON.parse(row.options) as Record<string, unknown>), attachments: [] });
    const { provider } = this.providerOf(payload);
    const refused = row.tab_id === null ? null : this.leases.lease(row.tab_id, id);
    if (refused !== null) throw new WebOperatorError("invalid_state", `Tab ${row.tab_id} now belongs to task ${refused.heldBy}.`);
    this.launch(id, payload, provider, true);
    return taskSummary(store, row);
  }

  async confirm(input: {
    id: string;
    allow: boolean;
  }): Promise<{ id: string; confirmationId: string; allowed: boolean; status: TaskStatus }> {
    const pending = this.ready.store.pendingConfirmation(input.id);
    const live = this.live.get(input.id);
    if (pending === undefined || live === undefined) {
      throw new WebOperatorError(
        "invalid_state",
        `Task ${input.id} is ${this.queries.row(input.id).status} and waits for no confirmation.`,
      );
    }
    live.control.answerConfirmation(pending.id, input.allow);
    await nextTurn();
    return { id: input.id, confirmationId: pending.id, allowed: input.allow, status: this.queries.row(input.id).status };
  }

  /**
   * The person's answer to what the task asked. A live task waiting on it goes on at once;
   * an interrupted one (the bridge restarted while it waited) keeps the answer and resumes,
   * and its provider, asking again, gets it.
   */
  async respond(input: {
    id: string;
    text?: string | undefined;
    done?: boolean | undefined;
  }): Promise<{ id: string; interactionId: string; status: TaskStatus }> {
    const store = this.ready.store;
    const row = this.queries.row(input.id);
    const live = this.live.get(input.id);
    const pending = live !== undefined || row.status === "interrupted" ? store.asksAndWaits.pending(input.id) : null;
    if (pending === null)
      throw new WebOperatorError(
        "invalid_state",
        `Task ${input.id} is ${row.status} and asks nothing of the person; tasks.get shows what it waits on.`,
      );
    const answer = personAnswerTo(pending, input.id, input);
    store.asksAndWaits.settle(pending.id, answer, now());
    if (live?.control.awaitsPersonAnswer(pending.id) === true) live.control.answerPersonAsk(pending.id, answer);
    else if (live === undefined) this.resume(input.id);
    await nextTurn();
    return { id: input.id, interactionId: pending.id, status: this.queries.row(input.id).status };
  }

  /** Answers when the task ends, or a little before `timeoutMs`, the request's own budget. */
  async wait(id: string, timeoutMs: number): Promise<TaskSummary & { ended: boolean }> {
    const row = this.queries.row(id);
    const isFinal = (status: TaskStatus): boolean => FINAL_TASK_STATUSES.includes(status) && !this.live.has(id);
    // Answer a little before the caller's own deadline, so it gets the state rather than a timeout.
    if (!isFinal(row.status)) await this.endWaiters.until(id, Math.max(0, timeoutMs - Math.min(1_000, timeoutMs / 10)));
    const summary = this.queries.summary(id);
    return { ...summary, ended: isFinal(summary.status) };
  }

  /** Live tasks waiting for the person (a confirmation, a question, a step in the browser): the side panel's badge count. A watch or a schedule waits for no one. */
  waitingCount(): number {
    const store = this.opened?.store;
    if (store === undefined) return 0;
    return [...this.live.keys()].filter((id) => waitsOnPerson(store, id)).length;
  }

  /**
   * Tasks the last bridge left waiting on a watch or a schedule go on waiting: a page watch to
   * its recorded deadline, a schedule to its time (at once if that passed while no bridge ran).
   * Called when the extension connects, since a resumed task first looks for its tab.
   */
  resumeTimedWaits(): string[] {
    const store = this.opened?.store;
    if (store === undefined) return [];
    const waiting = interruptedTimedWaits(store).filter((row) => !this.live.has(row.id));
    const resumed: string[] = [];
    for (const row of waiting) {
      try {
        this.resume(row.id);
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

  /** The provider a task runs with: the replay provider for a skill (no model), else the one it names. */
  private providerOf(payload: TaskStartPayload): TaskProviderChoice {
    return chooseProvider(payload, {
      skill: (id) => this.queries.skill(id),
      providers: this.options.providers,
      // Read at each start, so settings written since (CLI, side panel) apply without a browser restart.
      env: () => providerEnv(this.options.env, providerSettingsFile(this.options.configDir)),
    });
  }

  private confirmationsMode(): Promise<ConfirmationsMode> {
    return this.options.confirmationsMode?.() ?? Promise.resolve("agent");
  }

  private launch(id: string, payload: TaskStartPayload, provider: TaskProvider, resumed: boolean): void {
    this.live.set(id, launchTask(this.ready.host, id, payload, provider, resumed));
  }
}
