import { ToolError } from "@anthropic-ai/sdk/helpers/beta/toolsets";
import type * as Beta from "@anthropic-ai/sdk/resources/beta";
import { requireText } from "./memberInput.js";
import type { TaskBrowser } from "./taskBrowser.js";

/** Typing at the focus is one trusted key press per character. */
const TYPE_AT_FOCUS_MAX_CHARS = 500;
/** Characters whose key press has a name of its own. */
const KEY_FOR_CHARACTER: Record<string, string> = { " ": "Space", "\n": "Enter", "\t": "Tab" };

/**
 * The type member: types at the current focus, into the field the model last clicked by ref
 * while nothing since can have moved the focus, else as trusted key presses wherever the
 * page's focus is.
 */
export async function typeAtFocus(browser: TaskBrowser, input: Beta.BetaBrowserTypeInput): Promise<void> {
  const tabId = browser.tabFor(input.tab_id);
  const text = requireText(input.text, "text");
  const focused = browser.focused(tabId);
  if (focused !== undefined) {
    await browser.call("browser.type", { tabId, ref: focused, text, mode: "append" }, browser.located);
    return;
  }
  if (text.length > TYPE_AT_FOCUS_MAX_CHARS)
    throw new ToolError(
      `Typing at the focus takes at most ${TYPE_AT_FOCUS_MAX_CHARS} characters at a time: split the text, or click the field by ref and type.`,
    );
  for (const character of text) await browser.call("browser.press", { tabId, key: KEY_FOR_CHARACTER[character] ?? character });
}
