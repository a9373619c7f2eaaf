import { boldLastWordTask } from "../editorTaskKit.js";
import type { WidgetTask } from "../widgetTask.js";

/** TinyMCE in classic mode: the editing surface is a contenteditable body inside a same-origin iframe. */
export const task: WidgetTask = boldLastWordTask("tinymce", "tinymce", /^Rich Text Area/, "Spring update");
