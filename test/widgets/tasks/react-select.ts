import type { WidgetTask } from "../widgetTask.js";

/** Typing filters react-select's menu; the option is picked from what the typing left. */
export const task: WidgetTask = {
  widget: "react-select",
  library: "react-select",
  sentence: "Type to find Pistachio in the flavour picker and choose it.",
  async run(agent) {
    await agent.type(await agent.find("combobox", "Flavour"), "Pista");
    await agent.look();
    await agent.click(await agent.find("option", "Pistachio"));
  },
  done: (state) => (state as { value: string | null }).value === "pistachio",
};
