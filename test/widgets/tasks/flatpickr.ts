import type { WidgetTask } from "../widgetTask.js";

export const task: WidgetTask = {
  widget: "flatpickr",
  library: "flatpickr",
  sentence: "Pick 24 December 2026 as the departure date.",
  async run(agent) {
    await agent.click(await agent.find("textbox", "Departure date"));
    await agent.look();
    await agent.click(await agent.find("generic", "December 24, 2026"));
  },
  done: (state) => JSON.stringify((state as { selected: string[] }).selected) === JSON.stringify(["2026-12-24"]),
};
