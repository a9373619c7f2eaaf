import type { WidgetTask } from "../widgetTask.js";

export const task: WidgetTask = {
  widget: "mui-autocomplete",
  library: "@mui/material",
  sentence: "Choose Spirited Away as the film for film night.",
  async run(agent) {
    await agent.type(await agent.find("combobox", "Film"), "Spir");
    await agent.look();
    await agent.click(await agent.find("option", "Spirited Away"));
  },
  done: (state) => (state as { value: string | null }).value === "Spirited Away",
};
