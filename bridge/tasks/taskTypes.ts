import type {
  BrowserCommandType,
  CommandPayloadInput,
  CommandResult,
  SkillDetail,
  TaskArtifact,
  TaskStartPayload,
  UploadGrant,
  UserActionKind,
  WatchUntil,
  AgentGovernance,
  TaskConfirmation,
  TaskInteraction,
  TaskStatus,
} from "../../protocol/index.js";
import type { PersonAnswer, TimedWaitOutcome } from "./asksAndWaitsStore.js";
import type { MemoryEntry } from "./memoryStore.js";
import type { NewArtifact } from "./artifactFiles.js";

/** What a provider may tell the engine about the element a call acts on, for the confirmation prompt. */
export interface TargetHint {
  role: string;
  name: string;
}

/** The outcome a step reports: its value, a one-line summary, and what the trace keeps. */
export interface StepOutcome<T> {
  value: T;
  summary: string;
  /** What tasks.get and the trace keep of the result (screenshots included). Defaults to the value. */
  record?: unknown;
  /** The element acted on, as a semantic locator for the InteractionTrace edge. */
  locator?: TargetHint;
  /** A hash of the page state after the step (url, title, tabs); the next step's state_before. */
  stateHash?: string;
}

/** A task's own tabs, as its provider uses them (each leased to the task: no other task acts in it). */
export interface TaskTabsView {
  list(): number[];
  activeTab(): number;
  /** Takes the tab for this task (a tab it opened, or was given); another task's tab is refused. */
  adopt(tabId: number, makeActive: boolean): void;
  activate(tabId: number): void;
  release(tabId: number): void;
}

export interface TaskAttachmentView {
  id: string;
  name: string;
  mimeType: string;
  size: number;
}

/** Moves the task to a status, with what it now waits on (the wire's `interaction` is an ask or a timed wait). */
export type TaskStatusSetter = (status: TaskStatus, extra?: { confirmation?: TaskConfirmation; interaction?: TaskInteraction }) => void;

/** What a provider asks of the person: a question, or a step only they may do in the browser. */
export type PersonAskRequest =
  { type: "question"; question: string } | { type: "user_action"; action: UserActionKind; instructions: string };

/** What a provider asks the engine to wait on without a person: text on the task's active tab, within a bound; or a time. */
export type TimedWaitRequest = { type: "watch"; text: string; until: WatchUntil; timeoutMs: number } | { type: "schedule"; resumeAt: Date };

/**
 * What a provider sees of its task. The engine owns state, limits, confirmations and
 * persistence; a provider only turns model output into steps.
 */
export interface TaskContext {
  readonly id: string;
  readonly goal: string;
  readonly model: string;
  readonly options: TaskStartPayload;
  readonly signal: AbortSignal;
  readonly attachments: TaskAttachmentView[];
  /** The conversation stored by a previous run of this task (resume), or null. */
  readonly storedConversation: unknown;
  /** Tabs this task holds, in the order it got them; the active one is where calls go by default. */
  readonly tabs: TaskTabsView;
  /**
   * The member or action the provider runs now (its step's action), named in a confirmation's
   * prompt; null names the browser tool instead.
   */
  currentAction: string | null;
  /** Runs one step: waits while paused, enforces stop/timeout/maxSteps, records it, then announces it. */
  step<T>(action: string, input: unknown, run: () => Promise<StepOutcome<T>>): Promise<T>;
  /** A browser.* call in this task's tab (explicit tabId), with confirmations handled by the engine. */
  browser<T extends BrowserCommandType>(type: T, payload: CommandPayloadInput<T>, target?: TargetHint): Promise<CommandResult<T>>;
  /** The bytes of an attachment of this task; anything else is refused. */
  readAttachment(id: string): Promise<{ name: string; mimeType: string; base64: string }>;
  /**
   * A person ask: waits in waiting_interaction until tasks.respond answers. `key` is the
   * provider's own name for the ask (its tool_use id): asked again under the same key after a
   * resume, it gets the stored answer, or waits on the same ask.
   */
  askPerson(request: PersonAskRequest, key: string): Promise<PersonAnswer>;
  /**
   * A timed wait: waits in waiting_interaction for the page (watch) or the clock (schedule),
   * stored under `key` as a person ask is (see timedWaits.ts).
   */
  timedWait(key: string, request: () => TimedWaitRequest): Promise<TimedWaitOutcome>;
  /** What is left of this run's timeoutMs: a wait that outlasts it would end the task as timed_out. */
  timeLeftMs(): number;
  /** The notes of the agent this task works for, kept between its tasks. */
  readonly memory: { read(key: string): MemoryEntry | null; write(key: string, value: string): void; keys(): string[] };
  /** A file kept with the task (its folder, tasks.get, the trace); the same name again replaces it. */
  createArtifact(artifact: NewArtifact): Promise<TaskArtifact>;
  /** A stored skill, by its id or its exact goal; else not_found. */
  loadSkill(name: string): SkillDetail;
  saveConversation(messages: unknown): void;
  recordModelCall(request: unknown, response: unknown, error: string | null, startedAt: number): void;
  addUsage(inputTokens: number, outputTokens: number): void;
}

export interface TaskProvider {
  /** Works on the task until the model answers; returns the answer. Throws to fail the task. */
  run(task: TaskContext): Promise<string>;
}

/** Builds the provider a task asked for, or throws provider_not_configured. */
export type ProviderFactory = (
  name: TaskStartPayload["provider"],
  env: NodeJS.ProcessEnv,
) => { provider: TaskProvider; defaultModel: string };

/** The same path socket requests take, with the caller's explicit tabId; uploadGrant only for the task's own attachments. */
export type ToolCaller = (
  type: BrowserCommandType,
  payload: Record<string, unknown>,
  timeoutMs?: number,
  uploadGrant?: UploadGrant,
) => Promise<unknown>;

/** Who a task's browser call is for: the task's own agent, started by parentAgentId (whose tabs it may use). */
export interface TaskCaller {
  taskId: string;
  parentAgentId?: string;
  /** The governance the task runs under (its starting agent's), enforced on every call. */
  governance?: AgentGovernance;
  /** Set by the task's session when the upload's files are that task's own attachments, read from its store. */
  uploadGrant?: UploadGrant;
}

/** The engine's way into the browser: a call on behalf of one task. */
export type EngineToolCaller = (
  type: BrowserCommandType,
  payload: Record<string, unknown>,
  timeoutMs: number | undefined,
  caller: TaskCaller,
) => Promise<unknown>;
