import { writeTextTask } from "../editorTaskKit.js";
import type { WidgetTask } from "../widgetTask.js";

/** Our chat composer: Enter sends, Shift+Enter is a newline; the task is a draft, left unsent. */
export const task: WidgetTask = writeTextTask(
  "composer",
  "(own page)",
  "Message #general",
  "Standup moved to ten",
  'Write the draft "Standup moved to ten" in #general without sending it.',
);
