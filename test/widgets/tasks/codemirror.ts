import { writeTextTask } from "../editorTaskKit.js";
import type { WidgetTask } from "../widgetTask.js";

/** CodeMirror 6: a line of code in the editor's state. */
export const task: WidgetTask = writeTextTask(
  "codemirror",
  "codemirror",
  "Script",
  "let total = 42;",
  "Type the line let total = 42; into the script.",
);
