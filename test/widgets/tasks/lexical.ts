import { boldLastWordTask } from "../editorTaskKit.js";
import type { WidgetTask } from "../widgetTask.js";

/** Lexical: a bold word by keyboard in a rich-text editor. */
export const task: WidgetTask = boldLastWordTask("lexical", "lexical", "Draft", "Meet at noon");
