import type { WidgetTask } from "../widgetTask.js";

/** Bootstrap's modal fades in (300 ms) and out: each step acts while it moves. */
export const task: WidgetTask = {
  widget: "bootstrap-modal",
  library: "bootstrap",
  sentence: "Rename the project to Apollo in its settings dialog.",
  async run(agent) {
    await agent.click(await agent.find("button", "Rename project"));
    await agent.look();
    await agent.type(await agent.find("textbox", "Project name"), "Apollo");
    await agent.click(await agent.find("button", "Apply name"));
  },
  done(state) {
    const { applied, shown } = state as { applied: string | null; shown: boolean };
    return applied === "Apollo" && !shown;
  },
};
