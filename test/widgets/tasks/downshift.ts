import type { WidgetTask } from "../widgetTask.js";

export const task: WidgetTask = {
  widget: "downshift",
  library: "downshift",
  sentence: "Pick Mango as the smoothie's fruit.",
  async run(agent) {
    await agent.type(await agent.find("combobox", "Fruit"), "Man");
    await agent.look();
    await agent.click(await agent.find("option", "Mango"));
  },
  done: (state) => (state as { selectedItem: string | null }).selectedItem === "Mango",
};
