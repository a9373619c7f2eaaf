import { boldLastWordTask } from "../editorTaskKit.js";
import type { WidgetTask } from "../widgetTask.js";

/** Slate (slate-react): typing must reach the editor's own value, not only its DOM. */
export const task: WidgetTask = boldLastWordTask("slate", "slate-react", "Note", "Pack the tent");
