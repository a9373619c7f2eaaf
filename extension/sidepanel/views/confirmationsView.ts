import type { GateConfirmationView, PanelState, PanelTask } from "../../../protocol/index.js";
import { button, h, relativeTime } from "../dom.js";
import { askBridge, askExtension } from "../panelClient.js";
import { agentLabel } from "../agentLabel.js";
import { renderInteractions } from "./interactionsView.js";

type TaskConfirmation = PanelState["taskConfirmations"][number];

/**
 * Gate confirmations a task raised are shown as the task's own confirmation: the task
 * engine replays them once the user answers, so listing both would ask twice.
 */
export function visibleGateConfirmations(gate: GateConfirmationView[]): GateConfirmationView[] {
  return gate.filter((entry) => entry.requester?.kind !== "task");
}

/** Everything that waits for the person: tasks' questions and browser steps first, then confirmations. */
export function renderConfirmations(
  tasks: TaskConfirmation[],
  gate: GateConfirmationView[],
  live: readonly PanelTask[],
  onError: (error: unknown) => void,
  onAnswered: (note: string) => void,
): Node[] {
  const shown = visibleGateConfirmations(gate);
  const asks = renderInteractions(live, onError);
  if (tasks.length === 0 && shown.length === 0 && asks.length === 0) return [h("p", { class: "empty" }, "Nothing waits for you.")];
  return [...asks, ...tasks.map((entry) => taskCard(entry, onError)), ...shown.map((entry) => gateCard(entry, onError, onAnswered))];
}

function facts(rows: Array<[string, string]>): HTMLElement {
  const list = h("dl", { class: "facts small" });
  for (const [term, value] of rows) list.append(h("dt", {}, term), h("dd", {}, value));
  return list;
}

function taskCard(entry: TaskConfirmation, onError: (error: unknown) => void): HTMLElement {
  const answer = (allow: boolean) => async () => {
    await askBridge({ action: "tasks.confirm", payload: { id: entry.taskId, allow } }).catch(onError);
  };
  return h(
    "div",
    { class: "card", "data-confirmation": entry.id },
    h("div", { class: "row" }, h("strong", {}, `${entry.action} → ${entry.role || "element"} "${entry.name}"`)),
    facts([
      ["page", entry.url || "(unknown)"],
      ["agent", `task ${entry.taskId}: ${entry.goal}`],
      ["why", entry.reasons],
      ["expires", relativeTime(entry.expiresAt)],
    ]),
    h(
      "div",
      { class: "actions" },
      button("Allow", answer(true), "allow", { "data-allow": entry.id }),
      button("Deny", answer(false), "", { "data-deny": entry.id }),
    ),
  );
}

function gateCard(entry: GateConfirmationView, onError: (error: unknown) => void, onAnswered: (note: string) => void): HTMLElement {
  const answer = (allow: boolean) => async () => {
    try {
      const outcome = await askExtension({ action: "gate_answer", id: entry.id, allow });
      if (outcome.error !== undefined) onAnswered(`Allowed, but ${entry.tool} then failed: ${outcome.error.message}`);
      else onAnswered(allow ? `Allowed: ${entry.tool} ran.` : `Denied: ${entry.tool} was cancelled.`);
    } catch (error) {
      onError(error);
    }
  };
  const target = entry.target === null ? "the page" : `${entry.target.role || "element"} "${entry.target.name}"`;
  return h(
    "div",
    { class: "card", "data-confirmation": entry.id },
    h("div", { class: "row" }, h("strong", {}, `${entry.tool.replace(/^browser\./, "")} → ${target}`)),
    facts([
      ["page", entry.url],
      ["agent", agentLabel(entry.requester)],
      ["why", entry.reasons.join("; ")],
      ["expires", relativeTime(entry.expiresAt)],
    ]),
    h(
      "div",
      { class: "actions" },
      button("Allow", answer(true), "allow", { "data-allow": entry.id }),
      button("Deny", answer(false), "", { "data-deny": entry.id }),
    ),
  );
}
