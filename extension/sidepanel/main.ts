import type { GateConfirmationView, PanelState } from "../../protocol/index.js";
import { h } from "./dom.js";
import { askBridge, askExtension, onPanelChanged } from "./panelClient.js";
import { renderNow } from "./views/nowView.js";
import { renderConfirmations, visibleGateConfirmations } from "./views/confirmationsView.js";
import { waitingInteractions } from "./views/interactionsView.js";
import { renderHistory } from "./views/historyView.js";
import { renderNewTask } from "./views/newTaskView.js";
import { renderSettings, type SettingsView } from "./views/settingsView.js";

type ViewName = "now" | "confirmations" | "new" | "history" | "settings";
const VIEWS: readonly ViewName[] = ["now", "confirmations", "new", "history", "settings"];
/** Live views follow the state; forms are drawn once so typing is never wiped by a refresh. */
const LIVE_VIEWS = new Set<ViewName>(["now", "confirmations", "history"]);
/** Relative times and expiries move even when nothing is pushed. */
const REFRESH_EVERY_MS = 5_000;

const view = document.getElementById("view") as HTMLElement;
const errorBox = document.getElementById("error") as HTMLElement;
const banner = document.getElementById("paused-banner") as HTMLElement;
const count = document.getElementById("confirm-count") as HTMLElement;
let state: PanelState | null = null;
let gate: GateConfirmationView[] = [];
let bridgeProblem: string | null = null;
let drawn: ViewName | null = null;
/** What the drawn view showed: a re-read that changed nothing leaves the DOM (and an open Steps list) alone. */
let drawnKey = "";
/** The Settings form while it is shown: it follows policy changes made elsewhere. */
let settings: SettingsView | null = null;

function currentView(): ViewName {
  const name = location.hash.slice(1) as ViewName;
  return VIEWS.includes(name) ? name : "now";
}

function showError(error: unknown): void {
  errorBox.textContent = error instanceof Error ? error.message : String(error);
  errorBox.hidden = false;
}

async function load(): Promise<void> {
  const [bridge, local] = await Promise.allSettled([askBridge({ action: "state" }), askExtension({ action: "gate_pending" })]);
  if (bridge.status === "fulfilled") {
    state = bridge.value;
    bridgeProblem = null;
  } else {
    bridgeProblem = bridge.reason instanceof Error ? bridge.reason.message : String(bridge.reason);
  }
  if (local.status === "fulfilled") gate = local.value.confirmations;
  draw();
}

function draw(): void {
  const name = currentView();
  for (const link of document.querySelectorAll<HTMLAnchorElement>(".tabs a"))
    link.setAttribute("aria-selected", String(link.dataset.view === name));
  banner.hidden = state?.paused !== true;
  const waiting =
    (state?.taskConfirmations.length ?? 0) + visibleGateConfirmations(gate).length + waitingInteractions(state?.live ?? []).length;
  count.hidden = waiting === 0;
  count.textContent = String(waiting);
  document.body.dataset.ready = "true";
  const key = JSON.stringify([
    name,
    bridgeProblem,
    name === "now"
      ? [state?.agents, state?.live]
      : name === "history"
        ? state?.history
        : [state?.taskConfirmations, gate, waitingInteractions(state?.live ?? []).map(({ interaction }) => interaction.id)],
  ]);
  if (drawn === name && (!LIVE_VIEWS.has(name) || key === drawnKey)) return;
  drawn = name;
  drawnKey = key;
  settings = null;
  const problem = bridgeProblem === null ? null : h("p", { class: "notice bad" }, `The bridge is not answering: ${bridgeProblem}`);
  const answered = (note: string): void => {
    errorBox.hidden = true;
    view.prepend(h("p", { class: "notice good" }, note));
  };
  switch (name) {
    case "now":
      view.replaceChildren(...[problem].filter((node) => node !== null), ...(state === null ? [] : renderNow(state, showError)));
      return;
    case "confirmations":
      view.replaceChildren(...renderConfirmations(state?.taskConfirmations ?? [], gate, state?.live ?? [], showError, answered));
      return;
    case "history":
      view.replaceChildren(
        ...[problem].filter((node) => node !== null),
        ...(state === null ? [] : renderHistory(state.history, showError)),
      );
      return;
    case "new":
      view.replaceChildren(...renderNewTask(() => void load()));
      return;
    case "settings":
      view.replaceChildren(h("p", { class: "muted" }, "Loading…"));
      renderSettings().then((shown) => {
        if (drawn !== "settings") return;
        settings = shown;
        view.replaceChildren(...shown.nodes);
      }, showError);
      return;
  }
}

let pending: ReturnType<typeof setTimeout> | null = null;
function scheduleLoad(): void {
  // Steps come in bursts: one re-read per burst.
  pending ??= setTimeout(() => {
    pending = null;
    void load();
  }, 100);
}

(document.getElementById("stop-all") as HTMLButtonElement).addEventListener("click", () => {
  void askBridge({ action: "stop_all" }).then(scheduleLoad, showError);
});
(document.getElementById("resume-all") as HTMLButtonElement).addEventListener("click", () => {
  void askBridge({ action: "resume_all" }).then(scheduleLoad, showError);
});
window.addEventListener("hashchange", () => {
  errorBox.hidden = true;
  drawn = null;
  draw();
});
onPanelChanged((changed) => {
  if (changed === "policy") void settings?.refresh().catch(showError);
  scheduleLoad();
});
setInterval(scheduleLoad, REFRESH_EVERY_MS);
void load();
