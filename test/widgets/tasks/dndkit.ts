import type { WidgetTask } from "../widgetTask.js";

function orderOf(state: unknown): unknown {
  return typeof state === "object" && state !== null && "order" in state ? state.order : null;
}

/** dnd-kit's sortable list (a pointer sensor with an activation distance), judged on the order its onDragEnd kept in React state. */
export const task: WidgetTask = {
  widget: "dndkit",
  library: "@dnd-kit/sortable",
  sentence: "Put Eggs at the top of the shopping list.",
  async run(agent) {
    await agent.look();
    // dnd-kit gives each sortable item role=button.
    await agent.drag(await agent.find("button", "Eggs"), await agent.find("button", "Apples"));
  },
  done(state) {
    return JSON.stringify(orderOf(state)) === JSON.stringify(["Eggs", "Apples", "Bread", "Cheese", "Dates"]);
  },
};
