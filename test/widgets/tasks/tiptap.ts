import { boldLastWordTask } from "../editorTaskKit.js";
import type { WidgetTask } from "../widgetTask.js";

/** TipTap (ProseMirror): a bold word by keyboard. */
export const task: WidgetTask = boldLastWordTask("tiptap", "@tiptap/core", "Comment", "Looks good overall");
