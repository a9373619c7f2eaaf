import type { WidgetTask } from "../widgetTask.js";

function orderOf(state: unknown): unknown {
  return typeof state === "object" && state !== null && "order" in state ? state.order : null;
}

/** SortableJS in its native HTML5 drag-and-drop mode, judged on Sortable's own toArray(). */
export const task: WidgetTask = {
  widget: "sortable",
  library: "sortablejs",
  sentence: "In the reading list, move Dune down to just after Beloved.",
  async run(agent) {
    await agent.look();
    await agent.drag(await agent.find("listitem", "Dune"), await agent.find("listitem", "Beloved"));
  },
  done(state) {
    return JSON.stringify(orderOf(state)) === JSON.stringify(["emma", "ulysses", "beloved", "dune", "walden"]);
  },
};
