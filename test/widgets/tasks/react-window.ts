import type { WidgetTask } from "../widgetTask.js";

/** Only the rows in view exist in the DOM: the agent has to bring the far end of the list into view first. */
export const task: WidgetTask = {
  widget: "react-window",
  library: "react-window",
  sentence: "Open order #995, near the end of the orders list.",
  async run(agent) {
    await agent.press("End", await agent.find("list", "Orders"));
    await agent.look();
    await agent.click(await agent.find("button", "Open order #995"));
  },
  done: (state) => (state as { opened: number | null }).opened === 995,
};
