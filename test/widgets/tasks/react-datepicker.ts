import type { WidgetTask } from "../widgetTask.js";

export const task: WidgetTask = {
  widget: "react-datepicker",
  library: "react-datepicker",
  sentence: "Choose Thursday 24 December 2026 as the delivery date.",
  async run(agent) {
    await agent.click(await agent.find("textbox", "Delivery date"));
    await agent.look();
    await agent.click(await agent.find("gridcell", /December 24th, 2026/));
  },
  done: (state) => (state as { selected: string | null }).selected === "2026-12-24",
};
