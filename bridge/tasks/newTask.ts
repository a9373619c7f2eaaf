import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { WebOperatorError, type AgentGovernance, type TaskStartPayload } from "../../protocol/index.js";
import { checkAttachments, copyAttachments, type CheckedAttachment } from "./attachments.js";
import { USER_MEMORY_SCOPE } from "./memoryStore.js";
import { REPLAY_MODEL, ReplayProvider } from "./providers/replay/replayProvider.js";
import type { SkillRow } from "./skills/skillStore.js";
import type { TabLeases } from "./tabLeases.js";
import type { TaskStore } from "./taskStore.js";
import type { ProviderFactory, TaskProvider } from "./taskTypes.js";

/** The provider a new or resumed task runs with, its default model, and the goal it pursues. */
export interface TaskProviderChoice {
  provider: TaskProvider;
  defaultModel: string;
  name: TaskStartPayload["provider"];
  goal: string;
}

/** The replay provider for a skill (no model), else the one the payload names. */
export function chooseProvider(
  payload: TaskStartPayload,
  from: { skill: (id: string) => SkillRow; providers: ProviderFactory; env: () => NodeJS.ProcessEnv },
): TaskProviderChoice {
  if (payload.skill !== undefined) {
    const skill = from.skill(payload.skill);
    return { provider: new ReplayProvider(skill), defaultModel: REPLAY_MODEL, name: "replay", goal: payload.goal ?? skill.goal };
  }
  if (payload.goal === undefined)
    throw new WebOperatorError("bad_request", "tasks.start needs a goal (or a skill id to replay a stored skill).");
  return { ...from.providers(payload.provider, from.env()), name: payload.provider, goal: payload.goal };
}

/**
 * The tab a new task starts in: the one it is given, else (for a task given neither startUrl
 * nor tabId) its starting agent's current page, else none (it opens its own). A tab another
 * live task holds is refused: tasks never share a tab.
 */
export async function startingTab(
  requested: TaskStartPayload,
  leases: TabLeases,
  currentPage: () => Promise<number | null> | undefined,
): Promise<{ tabId: number | undefined; currentTabId: number | null }> {
  if (requested.startUrl !== undefined && requested.tabId !== undefined) {
    throw new WebOperatorError("bad_request", "Give either startUrl (the task opens its own tab) or tabId (an existing tab), not both.");
  }
  // A skill's recording starts by opening its own page, so a replay keeps to a tab of its own.
  const onCurrentPage = requested.startUrl === undefined && requested.tabId === undefined && requested.skill === undefined;
  const currentTabId = onCurrentPage ? ((await currentPage()) ?? null) : null;
  const tabId = requested.tabId ?? currentTabId ?? undefined;
  const holder = tabId === undefined ? undefined : leases.holderOf(tabId);
  if (holder !== undefined) {
    throw new WebOperatorError(
      "invalid_state",
      `Tab ${tabId} belongs to task ${holder}; tasks never share a tab. Give another tab or a startUrl.`,
    );
  }
  return { tabId, currentTabId };
}

/**
 * Checks the task's attachments and copies them into its own folder, then stores it queued;
 * answers its id.
 */
export async function createTask(store: TaskStore, configDir: string, task: Omit<NewTask, "id" | "attachments">): Promise<string> {
  const checked = await checkAttachments(task.payload.attachments);
  const id = `task_${randomBytes(6).toString("hex")}`;
  const attachments = await copyAttachments(checked, join(configDir, "tasks", id, "attachments"));
  storeNewTask(store, { ...task, id, attachments });
  return id;
}

export interface NewTask {
  id: string;
  goal: string;
  provider: TaskStartPayload["provider"];
  model: string;
  payload: TaskStartPayload;
  /** The agent the task works for (its memory); absent for the side panel's, which works for the user. */
  agentId: string | undefined;
  governance: AgentGovernance | undefined;
  attachments: Array<CheckedAttachment & { storedPath: string }>;
  at: string;
}

/** Stores a queued task in one transaction: a task is never stored without its governance (it would resume unbound). */
function storeNewTask(store: TaskStore, task: NewTask): void {
  const { id, payload, at } = task;
  store.atomically(() => {
    store.insertTask({
      id,
      status: "queued",
      goal: task.goal,
      provider: task.provider,
      model: task.model,
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
    store.memory.assignScope(id, task.agentId ?? USER_MEMORY_SCOPE);
    if (task.governance !== undefined) store.governance.set(id, task.governance);
    for (const attachment of task.attachments) {
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
}
