import type { TaskArtifact, TaskSummary } from "../../../protocol/index.js";
import { button, h, relativeTime } from "../dom.js";
import { askBridge } from "../panelClient.js";

/** History: ended tasks with their answer or error, their steps on demand, and the trace. */
export function renderHistory(history: TaskSummary[], onError: (error: unknown) => void): Node[] {
  if (history.length === 0) return [h("p", { class: "empty" }, "No task has finished yet.")];
  return history.map((task) => historyCard(task, onError));
}

function historyCard(task: TaskSummary, onError: (error: unknown) => void): HTMLElement {
  const steps = h("div", {});
  const outcome = task.answer ?? (task.error === null ? "" : `${task.error.code}: ${task.error.message}`);
  return h(
    "div",
    { class: "card", "data-history": task.id },
    h("div", { class: "row" }, h("strong", {}, task.goal), h("span", { class: `status ${task.status}` }, task.status.replace("_", " "))),
    h("div", { class: "muted small" }, `${task.id} · ${task.stepCount} steps · ${relativeTime(task.updatedAt)}`),
    outcome === "" ? null : h("div", { class: "small", "data-outcome": task.id }, outcome),
    h(
      "div",
      { class: "actions" },
      button(
        "Steps",
        async () => {
          try {
            const detail = await askBridge({ action: "tasks.get", payload: { id: task.id } });
            steps.replaceChildren(
              h(
                "ol",
                { class: "steps small", start: "0" },
                ...detail.steps.map((step) =>
                  h("li", { class: step.ok ? undefined : "failed" }, h("strong", {}, step.action), " ", step.summary),
                ),
              ),
              ...artifactList(task, detail.artifacts, onError),
            );
          } catch (error) {
            onError(error);
          }
        },
        "",
        { "data-steps": task.id },
      ),
      button(
        "Open trace",
        async () => {
          try {
            // Fetched through the extension's native port: the trace endpoint's token never reaches a page.
            const trace = await askBridge({ action: "trace", id: task.id });
            const url = URL.createObjectURL(new Blob([JSON.stringify(trace, null, 2)], { type: "application/json" }));
            await chrome.tabs.create({ url });
            // The tab has loaded it by then; the blob need not outlive the panel.
            setTimeout(() => URL.revokeObjectURL(url), 60_000);
          } catch (error) {
            onError(error);
          }
        },
        "",
        { "data-trace": task.id },
      ),
    ),
    steps,
  );
}

/**
 * The files the task kept: what its model created, and page texts too long to give it
 * (page_text). Each opens as plain text in a tab, so nothing a page wrote can run there.
 */
function artifactList(task: TaskSummary, artifacts: readonly TaskArtifact[], onError: (error: unknown) => void): HTMLElement[] {
  if (artifacts.length === 0) return [];
  return [
    h(
      "ul",
      { class: "small" },
      ...artifacts.map((artifact) =>
        h(
          "li",
          {},
          button(
            artifact.kind === "page_text" ? "Page text" : "File",
            async () => {
              try {
                const { content } = await askBridge({ action: "tasks.artifact", payload: { id: task.id, name: artifact.name } });
                const url = URL.createObjectURL(new Blob([content], { type: "text/plain;charset=utf-8" }));
                await chrome.tabs.create({ url });
                // The tab has loaded it by then; the blob need not outlive the panel.
                setTimeout(() => URL.revokeObjectURL(url), 60_000);
              } catch (error) {
                onError(error);
              }
            },
            "",
            { "data-artifact": artifact.name },
          ),
          ` ${artifact.name} (${artifact.size.toLocaleString()} bytes)`,
        ),
      ),
    ),
  ];
}
