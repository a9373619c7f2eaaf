import { debuggerSession } from "../debuggerSession.js";
import { modifierKey, type KeyChord, type KeyDefinition } from "./keyboardLayout.js";
import { MODIFIER_BITS, isModifier, modifierBits } from "./modifiers.js";

/** Presses a chord with CDP Input.dispatchKeyEvent, so the page sees isTrusted events. */
export async function pressChord(tabId: number, chord: KeyChord): Promise<void> {
  await chordDown(tabId, chord);
  await chordUp(tabId, chord);
}

/** The first half of a press (hold_key keeps it down): modifiers go down first, as on a keyboard. */
export async function chordDown(tabId: number, chord: KeyChord): Promise<void> {
  let modifiers = 0;
  for (const name of chord.modifiers) {
    modifiers |= MODIFIER_BITS[name];
    await dispatchKey(tabId, "rawKeyDown", modifierKey(name), modifiers);
  }
  // Holding Shift alone: the keydown itself already reports shiftKey, as a keyboard's does.
  if (isModifier(chord.key.key)) modifiers |= MODIFIER_BITS[chord.key.key];
  // With Control/Alt/Meta held, a printable key is a shortcut, not text.
  const text = chord.key.text !== undefined && (modifiers & ~MODIFIER_BITS.Shift) === 0 ? shifted(chord.key.text, modifiers) : undefined;
  await dispatchKey(tabId, text === undefined ? "rawKeyDown" : "keyDown", chord.key, modifiers, text);
}

/** The second half: the key comes up, then the modifiers in reverse order. */
export async function chordUp(tabId: number, chord: KeyChord): Promise<void> {
  let modifiers = modifierBits(chord.modifiers);
  await dispatchKey(tabId, "keyUp", chord.key, modifiers);
  for (const name of [...chord.modifiers].reverse()) {
    modifiers &= ~MODIFIER_BITS[name];
    await dispatchKey(tabId, "keyUp", modifierKey(name), modifiers);
  }
}

function shifted(text: string, modifiers: number): string {
  return modifiers & MODIFIER_BITS.Shift ? text.toUpperCase() : text;
}

async function dispatchKey(
  tabId: number,
  type: "keyDown" | "rawKeyDown" | "keyUp",
  key: KeyDefinition,
  modifiers: number,
  text?: string,
): Promise<void> {
  await debuggerSession.send(tabId, "Input.dispatchKeyEvent", {
    type,
    modifiers,
    key: key.key,
    code: key.code,
    windowsVirtualKeyCode: key.keyCode,
    nativeVirtualKeyCode: key.keyCode,
    ...(key.location === undefined ? {} : { location: key.location }),
    ...(text === undefined ? {} : { text, unmodifiedText: text }),
    // Lets editing commands (ctrl+a selects all) run as they would for a real keyboard.
    ...(type !== "keyUp" && modifiers & (MODIFIER_BITS.Control | MODIFIER_BITS.Meta) ? { commands: editingCommands(key, modifiers) } : {}),
  });
}

function editingCommands(key: KeyDefinition, modifiers: number): string[] {
  const letter = key.key.toLowerCase();
  const shift = (modifiers & MODIFIER_BITS.Shift) !== 0;
  const commands: Record<string, string> = { a: "selectAll", c: "copy", x: "cut", v: "paste", z: shift ? "redo" : "undo", y: "redo" };
  const command = commands[letter];
  return command ? [command] : [];
}
