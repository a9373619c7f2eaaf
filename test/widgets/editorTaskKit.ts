import type { WidgetAgent, WidgetTask } from "./widgetTask.js";

/** What every editor page's widgetState() answers: the editor's own text, and its bold runs where it has marks. */
interface EditorState {
  text?: unknown;
  bold?: unknown;
  sent?: unknown;
}

function stateOf(state: unknown): EditorState {
  return typeof state === "object" && state !== null ? state : {};
}

/** A person clicks into the editor on a second try, then types: focus and caret where a click puts them. */
async function editorRef(agent: WidgetAgent, name: string | RegExp, attempt: number): Promise<string> {
  await agent.look();
  const ref = await agent.find("textbox", name);
  if (attempt > 1) await agent.click(ref);
  return ref;
}

/** "Write <text> in the editor and make its last word bold": typed whole, the last word selected by keyboard, then Control+b. */
export function boldLastWordTask(widget: string, library: string, name: string | RegExp, text: string): WidgetTask {
  const word = text.split(" ").at(-1) ?? text;
  return {
    widget,
    library,
    sentence: `Write "${text}" in the editor and make "${word}" bold.`,
    async run(agent, attempt) {
      const ref = await editorRef(agent, name, attempt);
      await agent.type(ref, text);
      await agent.press("Control+Shift+ArrowLeft", ref);
      await agent.press("Control+b");
    },
    done(state) {
      const { text: held, bold } = stateOf(state);
      return held === text && Array.isArray(bold) && bold.length === 1 && bold[0] === word;
    },
  };
}

/** "Write <text> in the editor": the editor's own text is exactly that, and nothing was sent. */
export function writeTextTask(widget: string, library: string, name: string | RegExp, text: string, sentence: string): WidgetTask {
  return {
    widget,
    library,
    sentence,
    async run(agent, attempt) {
      await agent.type(await editorRef(agent, name, attempt), text);
    },
    done(state) {
      const { text: held, sent } = stateOf(state);
      return held === text && (sent === undefined || (Array.isArray(sent) && sent.length === 0));
    },
  };
}
