import { debuggerSession } from "../debuggerSession.js";
import { MODIFIER_BITS, modifierKey, type KeyChord, type KeyDefinition, type ModifierName } from "../keyDefinitions.js";

/**
 * The two halves of a trusted key press, for holding a chord: modifiers go down first
 * and come up last, as on a keyboard. trustedKeyboard.ts presses and releases in one go.
 */
export async function chordDown(tabId: number, chord: KeyChord): Promise<void> {
  let modifiers = 0;
  for (const name of chord.modifiers) {
    modifiers |= MODIFIER_BITS[name];
    await dispatchKey(tabId, "rawKeyDown", modifierKey(name), modifiers);
  }
  // Holding Shift alone: the keydown itself already reports shiftKey, as a keyboard's does.
  if (isModifierName(chord.key.key)) modifiers |= MODIFIER_BITS[chord.key.key];
  // With Control/Alt/Meta held a printable key is a shortcut, not text.
  const text = chord.key.text !== undefined && (modifiers & ~MODIFIER_BITS.Shift) === 0 ? shifted(chord.key.text, modifiers) : undefined;
  await dispatchKey(tabId, text === undefined ? "rawKeyDown" : "keyDown", chord.key, modifiers, text);
}

export async function chordUp(tabId: number, chord: KeyChord): Promise<void> {
  let modifiers = chord.modifiers.reduce((bits, name) => bits | MODIFIER_BITS[name], 0);
  await dispatchKey(tabId, "keyUp", chord.key, modifiers);
  for (const name of [...chord.modifiers].reverse()) {
    modifiers &= ~MODIFIER_BITS[name];
    await dispatchKey(tabId, "keyUp", modifierKey(name), modifiers);
  }
}

function isModifierName(key: string): key is ModifierName {
  return Object.hasOwn(MODIFIER_BITS, key);
}

function shifted(text: string, modifiers: number): string {
  return modifiers & MODIFIER_BITS.Shift ? text.toUpperCase() : text;
}

async function dispatchKey(tabId: number, type: "keyDown" | "rawKeyDown" | "keyUp", key: KeyDefinition, modifiers: number, text?: string): Promise<void> {
  await debuggerSession.send(tabId, "Input.dispatchKeyEvent", {
    type,
    modifiers,
    key: key.key,
    code: key.code,
    windowsVirtualKeyCode: key.keyCode,
    nativeVirtualKeyCode: key.keyCode,
    ...(key.location === undefined ? {} : { location: key.location }),
    ...(text === undefined ? {} : { text, unmodifiedText: text }),
  });
}
