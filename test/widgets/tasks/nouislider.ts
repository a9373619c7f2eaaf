import type { WidgetTask } from "../widgetTask.js";

/**
 * A noUiSlider handle, judged on slider.get(). The page offers no ref to drop the handle on
 * (its marks are plain text), so the agent moves it as a person with a keyboard would: the
 * handle takes arrow keys in steps of 10. Dragging it to points is test/e2e/dragLibraries.test.ts.
 */
export const task: WidgetTask = {
  widget: "nouislider",
  library: "nouislider",
  sentence: "Set the volume to 50.",
  async run(agent) {
    await agent.look();
    const handle = await agent.find("slider", "Volume");
    for (let press = 0; press < 3; press++) await agent.press("ArrowRight", handle);
  },
  done(state) {
    return typeof state === "object" && state !== null && "value" in state && state.value === 50;
  },
};
