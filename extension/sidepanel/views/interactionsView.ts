import { waitsForPerson, type PanelTask, type TaskInteraction } from "../../../protocol/index.js";
import { button, h, relativeTime } from "../dom.js";
import { askBridge } from "../panelClient.js";

/** What the person typed but has not sent, kept across redraws of the view. */
const drafts = new Map<string, string>();

const ACTION_LABELS: Record<Extract<TaskInteraction, { type: "user_action" }>["action"], string> = {
  credentials: "Sign in",
  payment: "Payment",
  verification_code: "Verification code",
  human_verification: "Human verification",
  other: "A step only you can do",
};

type PersonInteraction = Extract<TaskInteraction, { type: "question" | "user_action" }>;

/** The tasks that wait for the person: a question to answer, or a step to do in the browser (a watch or a schedule waits for no one). */
export function waitingInteractions(live: readonly PanelTask[]): Array<{ task: PanelTask; interaction: PersonInteraction }> {
  return live.flatMap((task) =>
    task.pendingInteraction !== null && waitsForPerson(task.pendingInteraction) ? [{ task, interaction: task.pendingInteraction }] : [],
  );
}

export function renderInteractions(live: readonly PanelTask[], onError: (error: unknown) => void): HTMLElement[] {
  return waitingInteractions(live).map(({ task, interaction }) =>
    interaction.type === "question" ? questionCard(task, interaction, onError) : userActionCard(task, interaction, onError),
  );
}

function questionCard(
  task: PanelTask,
  interaction: Extract<TaskInteraction, { type: "question" }>,
  onError: (error: unknown) => void,
): HTMLElement {
  const reply = h("textarea", { "aria-label": "Your answer", "data-reply": interaction.id });
  reply.value = drafts.get(interaction.id) ?? "";
  reply.addEventListener("input", () => drafts.set(interaction.id, reply.value));
  const send = async (): Promise<void> => {
    const text = reply.value.trim();
    if (text === "") {
      reply.focus();
      return;
    }
    await askBridge({ action: "tasks.respond", payload: { id: task.id, text } }).then(() => drafts.delete(interaction.id), onError);
  };
  return h(
    "div",
    { class: "card", "data-interaction": interaction.id },
    h(
      "div",
      { class: "row" },
      h("strong", {}, "The task asks you"),
      h("span", { class: "muted small" }, relativeTime(interaction.requestedAt)),
    ),
    h("p", {}, interaction.question),
    h("div", { class: "muted small" }, `task ${task.id}: ${task.goal}`),
    reply,
    h("div", { class: "actions" }, button("Send answer", send, "allow", { "data-send": interaction.id })),
  );
}

function userActionCard(
  task: PanelTask,
  interaction: Extract<TaskInteraction, { type: "user_action" }>,
  onError: (error: unknown) => void,
): HTMLElement {
  const answer = (done: boolean) => async () => {
    await askBridge({ action: "tasks.respond", payload: { id: task.id, done } }).catch(onError);
  };
  const tabId = interaction.tabId;
  return h(
    "div",
    { class: "card", "data-interaction": interaction.id },
    h(
      "div",
      { class: "row" },
      h("strong", {}, `${ACTION_LABELS[interaction.action]}: your turn`),
      h("span", { class: "muted small" }, relativeTime(interaction.requestedAt)),
    ),
    h("p", {}, interaction.instructions),
    h("div", { class: "muted small" }, `task ${task.id}: ${task.goal}. The task is told only whether you did it, never what you typed.`),
    h(
      "div",
      { class: "actions" },
      tabId === null ? null : button("Show the tab", () => showTab(tabId).catch(onError), "", { "data-show-tab": String(tabId) }),
      button("Done", answer(true), "allow", { "data-done": interaction.id }),
      button("I can't", answer(false), "", { "data-not-done": interaction.id }),
    ),
  );
}

/** The task works in a background tab: the person needs it in front to do the step. */
async function showTab(tabId: number): Promise<void> {
  const tab = await chrome.tabs.update(tabId, { active: true });
  if (tab?.windowId !== undefined) await chrome.windows.update(tab.windowId, { focused: true });
}
