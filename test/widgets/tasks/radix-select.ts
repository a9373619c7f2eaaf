import type { WidgetTask } from "../widgetTask.js";

export const task: WidgetTask = {
  widget: "radix-select",
  library: "@radix-ui/react-select",
  sentence: "Set the shipping country to Canada.",
  async run(agent) {
    await agent.click(await agent.find("combobox", "Country"));
    await agent.look();
    await agent.click(await agent.find("option", "Canada"));
  },
  done: (state) => (state as { value: string | null }).value === "canada",
};
