import type { WidgetTask } from "../widgetTask.js";

interface ShoelaceSelectState {
  value: string;
  saved: string | null;
}

/** An open sl-select's choices are sl-option hosts carrying role="option"; Save sits where the closing list just was. */
export const task: WidgetTask = {
  widget: "shoelace-select",
  library: "@shoelace-style/shoelace",
  sentence: "Choose Large as the T-shirt size and save it.",
  async run(agent) {
    await agent.click(await agent.find("combobox", "Size"));
    await agent.look();
    await agent.click(await agent.find("option", "Large"));
    await agent.look();
    await agent.click(await agent.find("button", "Save size"));
  },
  done(state) {
    const { value, saved } = state as ShoelaceSelectState;
    return value === "large" && saved === "large";
  },
};
