import type { PanelAgent, PanelState, PanelTask, TaskInteraction } from "../../../protocol/index.js";
import { button, h, relativeTime } from "../dom.js";
import { askBridge } from "../panelClient.js";
import { agentLabel } from "../agentLabel.js";
import { tabTitle } from "../tabTitles.js";

/** Now: who is connected and in which tabs, and every live task with its latest steps. */
export function renderNow(state: PanelState, onError: (error: unknown) => void): Node[] {
  return [
    h("h2", {}, "Agents"),
    ...(state.agents.length === 0 ? [h("p", { class: "empty" }, "No agent is connected to the socket.")] : state.agents.map(agentCard)),
    h("h2", {}, "Running tasks"),
    ...(state.live.length === 0 ? [h("p", { class: "empty" }, "No task is running.")] : state.live.map((task) => taskCard(task, onError))),
  ];
}

function agentCard(agent: PanelAgent): HTMLElement {
  const tabs = h("ul", { class: "small" });
  for (const tabId of [...agent.tabIds].reverse()) {
    const item = h("li", {}, `tab ${tabId}`);
    void tabTitle(tabId).then((title) => {
      item.textContent = title === null ? `tab ${tabId} (closed)` : `${title} (tab ${tabId})`;
    });
    tabs.append(item);
  }
  return h(
    "div",
    { class: "card", "data-agent": agent.id },
    h(
      "div",
      { class: "row" },
      h("strong", {}, agentLabel(agent)),
      h("span", { class: "muted small" }, `connected ${relativeTime(agent.connectedAt)}`),
    ),
    agent.tabIds.length === 0 ? h("div", { class: "muted small" }, "No tab used yet.") : tabs,
  );
}

function taskCard(task: PanelTask, onError: (error: unknown) => void): HTMLElement {
  const steps = h("ol", { class: "steps small", start: String(task.steps[0]?.index ?? 0) });
  for (const step of task.steps) {
    const target = step.target === null ? "" : ` ${step.target.role} "${step.target.name}"`;
    steps.append(
      h(
        "li",
        { class: step.ok ? undefined : "failed", "data-step": String(step.index) },
        h("strong", {}, step.action),
        target,
        h("div", { class: "muted" }, step.summary),
        step.thumbnail === null ? null : h("img", { class: "thumb", src: step.thumbnail, alt: `screenshot of step ${step.index}` }),
      ),
    );
  }
  return h(
    "div",
    { class: "card", "data-task": task.id },
    h("div", { class: "row" }, h("strong", {}, task.goal), h("span", { class: `status ${task.status}` }, task.status.replace("_", " "))),
    h(
      "div",
      { class: "muted small" },
      `${task.id} · ${task.tabId === null ? "no tab yet" : `tab ${task.tabId}`} · ${task.stepCount} steps · started ${relativeTime(task.createdAt)}`,
    ),
    task.steps.length === 0 ? null : steps,
    task.pendingConfirmation === null
      ? null
      : h(
          "div",
          { class: "waiting small" },
          `Waiting for your OK: ${task.pendingConfirmation.action} → ${task.pendingConfirmation.role || "element"} "${task.pendingConfirmation.name}". `,
          h("a", { href: "#confirmations" }, "Answer it"),
        ),
    task.pendingInteraction === null ? null : waitingLine(task.pendingInteraction),
    h(
      "div",
      { class: "actions" },
      button(
        "Stop",
        async () => {
          await askBridge({ action: "tasks.stop", payload: { id: task.id } }).catch(onError);
        },
        "",
        { "data-stop": task.id },
      ),
    ),
  );
}

/** What the task waits on: the person (with a link to answer), its page, or the clock. */
function waitingLine(interaction: TaskInteraction): HTMLElement {
  switch (interaction.type) {
    case "question":
      return h(
        "div",
        { class: "waiting small" },
        `The task asks you: "${interaction.question}" `,
        h("a", { href: "#confirmations" }, "Answer it"),
      );
    case "user_action":
      return h(
        "div",
        { class: "waiting small" },
        `Waiting for you to do a step in the browser (${interaction.action.replace("_", " ")}). `,
        h("a", { href: "#confirmations" }, "Answer it"),
      );
    case "watch":
      return h(
        "div",
        { class: "waiting small" },
        `Watching its tab until "${interaction.text}" ${interaction.until === "appears" ? "appears" : "goes"} (at most until ${new Date(interaction.deadline).toLocaleTimeString()}).`,
      );
    case "schedule":
      return h("div", { class: "waiting small" }, `Paused until ${new Date(interaction.resumeAt).toLocaleString()}.`);
  }
}
