import { boldLastWordTask } from "../editorTaskKit.js";
import type { WidgetTask } from "../widgetTask.js";

/** Quill 2 (snow theme): a bold word by keyboard. */
export const task: WidgetTask = boldLastWordTask("quill", "quill", "Letter", "Dear committee");
