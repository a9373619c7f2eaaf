import type { ToolContext } from "../../toolRegistry.js";
import type { ActionEffects } from "../../../../protocol/index.js";
import { callContent } from "../../contentClient.js";
import { runWriteAction } from "../../actions/writeAction.js";
import { parseKeyChord } from "../../input/keyboardLayout.js";
import { pressChord } from "../../input/keyboard.js";
import { focusHolds } from "../../actions/dispatchChecks.js";
import { plannedActions } from "../../gatekeeper/toolIntents.js";

/** Shared by browser.press (the protocol's name) and browser.press_key (the catalog's name). */
export async function performKeyPress(
  tabId: number,
  key: string,
  ref: string | undefined,
  context: ToolContext,
): Promise<ActionEffects & { tabId: number; key: string }> {
  const chord = parseKeyChord(key);
  // Keys the gatekeeper judged by the focused element (Enter, Space): focus must still be there when they go out.
  const judgedFocus = ref === undefined && plannedActions("browser.press", { key }).some((plan) => plan.describe === null);
  const { effects } = await runWriteAction(tabId, context, async (verified) => {
    if (ref !== undefined) await callContent(tabId, { op: "focus", ref }, verified);
    if (ref !== undefined || judgedFocus) await focusHolds(tabId, ref, "key press", verified);
    await pressChord(tabId, chord);
    return { value: null };
  });
  return { tabId, key, ...effects };
}
