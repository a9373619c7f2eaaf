import { writeTextTask } from "../editorTaskKit.js";
import type { WidgetTask } from "../widgetTask.js";

/** Monaco: its input is a 0 px wide EditContext element; only trusted text insertion reaches it. */
export const task: WidgetTask = writeTextTask(
  "monaco",
  "monaco-editor",
  "Query",
  "SELECT name FROM users",
  "Write the query SELECT name FROM users in the query editor.",
);
