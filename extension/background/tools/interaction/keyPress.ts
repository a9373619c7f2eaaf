import type { ToolContext } from "../../toolRegistry.js";
import type { ActionEffects } from "../../../../protocol/index.js";
import { callContent } from "../../contentClient.js";
import { runWriteAction } from "../../actions/writeAction.js";
import { parseKeyChord } from "../../input/keyboardLayout.js";
import { pressChord } from "../../input/keyboard.js";

/** Shared by browser.press (the protocol's name) and browser.press_key (the catalog's name). */
export async function performKeyPress(
  tabId: number,
  key: string,
  ref: string | undefined,
  context: ToolContext,
): Promise<ActionEffects & { tabId: number; key: string }> {
  const chord = parseKeyChord(key);
  const { effects } = await runWriteAction(tabId, context, async () => {
    if (ref !== undefined) await callContent(tabId, { op: "focus", ref });
    await pressChord(tabId, chord);
    return { value: null };
  });
  return { tabId, key, ...effects };
}
