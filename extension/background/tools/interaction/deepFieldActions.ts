import type { ActionEffects } from "../../../../protocol/index.js";
import type { ToolContext } from "../../toolRegistry.js";
import { runWriteAction } from "../../actions/writeAction.js";
import { debuggerSession } from "../../debuggerSession.js";
import { parseKeyChord } from "../../input/keyboardLayout.js";
import { pressChord } from "../../input/keyboard.js";
import { resolveDeepRef, type ResolvedDeepRef } from "../../deep/resolveDeepRef.js";
import { deepClickPoint } from "../../deep/deepClickPoint.js";
import { assertDeepFieldTakes, deepFocusHolds, focusDeepField, readDeepValue, selectForTyping } from "../../deep/deepField.js";
import { selectDeepOption } from "../../deep/deepSelectOption.js";

/**
 * type, type_trusted, press and select_option on a deep ref (a field in a cross-origin frame,
 * from read_page_deep), as browser.click takes one: the same write path (gatekeeper, dialogs,
 * settle, effects), with the element worked on in its own frame's CDP session. Text and keys are
 * trusted input, since no content script of ours runs in such a frame to type synthetically.
 */

interface DeepTarget {
  tabId: number;
  ref: string;
  target: { role: string; name: string };
  recovered: false;
}

/** Resolves the ref and checks it as a person would find it: in view, not covered, able to take the input. */
async function prepareDeep(ref: string, tabId: number | undefined, purpose: "typing" | "key press" | "select"): Promise<ResolvedDeepRef> {
  const resolved = await resolveDeepRef(ref, tabId);
  await deepClickPoint(resolved);
  await assertDeepFieldTakes(resolved, purpose);
  return resolved;
}

/** Identity checked again right before the write: scrolling and the gatekeeper's reads let page code run. */
async function stillThere(resolved: ResolvedDeepRef): Promise<ResolvedDeepRef> {
  return resolveDeepRef(resolved.binding.ref, resolved.tabId);
}

function targetOf(resolved: ResolvedDeepRef): DeepTarget {
  const { ref, role, name } = resolved.binding;
  return { tabId: resolved.tabId, ref, target: { role, name }, recovered: false };
}

/** Focus the field, select what the text replaces, insert the text as the browser's own editing would, then read back what the field holds. */
export async function performDeepTyping(
  input: { ref: string; text: string; mode: "replace" | "append"; submit?: boolean; tabId?: number },
  context: ToolContext,
): Promise<DeepTarget & ActionEffects & { value: string }> {
  const resolved = await prepareDeep(input.ref, input.tabId, "typing");
  const before = await readDeepValue(resolved);
  const { effects } = await runWriteAction(resolved.tabId, context, async () => {
    const field = await stillThere(resolved);
    await focusDeepField(field);
    await selectForTyping(field, input.mode);
    await deepFocusHolds(field, "typing");
    if (input.text.length > 0) await debuggerSession.send(field.tabId, "Input.insertText", { text: input.text });
    else if (input.mode === "replace") await pressChord(field.tabId, parseKeyChord("Delete"));
    if (input.submit === true) {
      await deepFocusHolds(field, "key press");
      await pressChord(field.tabId, parseKeyChord("Enter"));
    }
    return { value: null, ...(input.submit === true ? {} : { navigationStarted: false }) };
  });
  // Read after the settle: the frame's own input handlers (formatting, masks) have run.
  const value = await readDeepValue(resolved).catch(() => before);
  return { ...targetOf(resolved), value, ...frameChange(effects, before !== value) };
}

/** A key pressed in the field of a deep ref: focused in its frame, checked, then the trusted key. */
export async function performDeepKeyPress(
  input: { ref: string; key: string; tabId?: number },
  context: ToolContext,
): Promise<ActionEffects & { tabId: number; key: string }> {
  const chord = parseKeyChord(input.key);
  const resolved = await prepareDeep(input.ref, input.tabId, "key press");
  const { effects } = await runWriteAction(resolved.tabId, context, async () => {
    const field = await stillThere(resolved);
    await focusDeepField(field);
    await deepFocusHolds(field, "key press");
    await pressChord(field.tabId, chord);
    return { value: null };
  });
  return { tabId: resolved.tabId, key: input.key, ...effects };
}

/** Options of a native <select> in a frame, picked in the frame as the page's select_option picks them. */
export async function performDeepSelect(
  input: { ref: string; values?: string[]; labels?: string[]; tabId?: number },
  context: ToolContext,
): Promise<DeepTarget & ActionEffects & { selected: Array<{ value: string; label: string }> }> {
  const resolved = await prepareDeep(input.ref, input.tabId, "select");
  const before = await readDeepValue(resolved);
  const { value: selected, effects } = await runWriteAction(resolved.tabId, context, async () => {
    const field = await stillThere(resolved);
    return { value: await selectDeepOption(field, { values: input.values ?? [], labels: input.labels ?? [] }), navigationStarted: false };
  });
  return { ...targetOf(resolved), selected, ...frameChange(effects, before !== (await readDeepValue(resolved).catch(() => before))) };
}

/**
 * The effect word comes from the top document, which does not see a cross-origin frame's
 * field change: a field that now holds another value is a changed page, not "none".
 */
function frameChange(effects: ActionEffects, fieldChanged: boolean): ActionEffects {
  return fieldChanged && (effects.effect === "none" || effects.effect === "unknown") ? { ...effects, effect: "page_changed" } : effects;
}
