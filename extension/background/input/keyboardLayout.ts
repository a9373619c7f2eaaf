import { WebOperatorError } from "../../../protocol/index.js";
import { modifierNamed, type Modifier } from "../../../protocol/primitives.js";

export interface KeyDefinition {
  key: string;
  code: string;
  keyCode: number;
  /** Inserted text for printable keys; absent for control keys. */
  text?: string;
  /** 1 left, 2 right, 3 numpad (KeyboardEvent.location). */
  location?: number;
  /** The character needs Shift on a US keyboard ("A", "!", "{"): the chord presses it. */
  shift?: boolean;
}

const MODIFIER_KEYS: Readonly<Record<Modifier, KeyDefinition>> = {
  Alt: { key: "Alt", code: "AltLeft", keyCode: 18, location: 1 },
  Control: { key: "Control", code: "ControlLeft", keyCode: 17, location: 1 },
  Meta: { key: "Meta", code: "MetaLeft", keyCode: 91, location: 1 },
  Shift: { key: "Shift", code: "ShiftLeft", keyCode: 16, location: 1 },
};

/** The US layout, keyed by the character each key types: every printable key with and without Shift. */
const CHARACTER_KEYS = new Map<string, KeyDefinition>();

function addCharacterKey(code: string, keyCode: number, plain: string, shifted: string): void {
  CHARACTER_KEYS.set(plain, { key: plain, code, keyCode, text: plain });
  CHARACTER_KEYS.set(shifted, { key: shifted, code, keyCode, text: shifted, shift: true });
}

for (let index = 0; index < 26; index++) {
  const upper = String.fromCharCode(65 + index);
  addCharacterKey(`Key${upper}`, 65 + index, upper.toLowerCase(), upper);
}
")!@#$%^&*(".split("").forEach((shifted, digit) => addCharacterKey(`Digit${digit}`, 48 + digit, String(digit), shifted));
const PUNCTUATION: ReadonlyArray<[code: string, keyCode: number, plain: string, shifted: string]> = [
  ["Backquote", 192, "`", "~"],
  ["Minus", 189, "-", "_"],
  ["Equal", 187, "=", "+"],
  ["BracketLeft", 219, "[", "{"],
  ["BracketRight", 221, "]", "}"],
  ["Backslash", 220, "\\", "|"],
  ["Semicolon", 186, ";", ":"],
  ["Quote", 222, "'", '"'],
  ["Comma", 188, ",", "<"],
  ["Period", 190, ".", ">"],
  ["Slash", 191, "/", "?"],
];
for (const [code, keyCode, plain, shifted] of PUNCTUATION) addCharacterKey(code, keyCode, plain, shifted);
CHARACTER_KEYS.set(" ", { key: " ", code: "Space", keyCode: 32, text: " " });

/** Named keys, by lower-cased name (and common short names). */
const NAMED_KEYS = new Map<string, KeyDefinition>();

function addNamedKey(definition: KeyDefinition, ...names: string[]): void {
  for (const name of [definition.key, definition.code, ...names]) NAMED_KEYS.set(name.toLowerCase(), definition);
}

addNamedKey({ key: "Enter", code: "Enter", keyCode: 13, text: "\r" }, "return");
addNamedKey({ key: "Tab", code: "Tab", keyCode: 9 });
addNamedKey({ key: "Escape", code: "Escape", keyCode: 27 }, "esc");
addNamedKey({ key: "Backspace", code: "Backspace", keyCode: 8 });
addNamedKey({ key: "Delete", code: "Delete", keyCode: 46 }, "del");
addNamedKey({ key: "Insert", code: "Insert", keyCode: 45 });
addNamedKey({ key: " ", code: "Space", keyCode: 32, text: " " }, "space", "spacebar");
addNamedKey({ key: "ArrowUp", code: "ArrowUp", keyCode: 38 }, "up");
addNamedKey({ key: "ArrowDown", code: "ArrowDown", keyCode: 40 }, "down");
addNamedKey({ key: "ArrowLeft", code: "ArrowLeft", keyCode: 37 }, "left");
addNamedKey({ key: "ArrowRight", code: "ArrowRight", keyCode: 39 }, "right");
addNamedKey({ key: "Home", code: "Home", keyCode: 36 });
addNamedKey({ key: "End", code: "End", keyCode: 35 });
addNamedKey({ key: "PageUp", code: "PageUp", keyCode: 33 }, "pgup");
addNamedKey({ key: "PageDown", code: "PageDown", keyCode: 34 }, "pgdn");
addNamedKey({ key: "CapsLock", code: "CapsLock", keyCode: 20 });
addNamedKey({ key: "NumLock", code: "NumLock", keyCode: 144 });
addNamedKey({ key: "ScrollLock", code: "ScrollLock", keyCode: 145 });
addNamedKey({ key: "Pause", code: "Pause", keyCode: 19 });
addNamedKey({ key: "PrintScreen", code: "PrintScreen", keyCode: 44 });
addNamedKey({ key: "ContextMenu", code: "ContextMenu", keyCode: 93 }, "menu", "apps");
for (let n = 1; n <= 24; n++) addNamedKey({ key: `F${n}`, code: `F${n}`, keyCode: 111 + n });
for (let digit = 0; digit <= 9; digit++)
  addNamedKey({ key: String(digit), code: `Numpad${digit}`, keyCode: 96 + digit, text: String(digit), location: 3 });
addNamedKey({ key: "*", code: "NumpadMultiply", keyCode: 106, text: "*", location: 3 });
addNamedKey({ key: "+", code: "NumpadAdd", keyCode: 107, text: "+", location: 3 });
addNamedKey({ key: "-", code: "NumpadSubtract", keyCode: 109, text: "-", location: 3 });
addNamedKey({ key: ".", code: "NumpadDecimal", keyCode: 110, text: ".", location: 3 });
addNamedKey({ key: "/", code: "NumpadDivide", keyCode: 111, text: "/", location: 3 });
addNamedKey({ key: "Enter", code: "NumpadEnter", keyCode: 13, text: "\r", location: 3 });

/** A key this layout has no key for (an emoji, a CJK character): typed as text with no key code. */
function unlistedCharacter(character: string): KeyDefinition | null {
  return [...character].length === 1 ? { key: character, code: "", keyCode: 0, text: character } : null;
}

export interface KeyChord {
  modifiers: Modifier[];
  key: KeyDefinition;
}

/**
 * Parses "Enter", "ctrl+a", "Shift+Tab", "Control+Shift+ArrowLeft", "!", "A", "+" or "ctrl++".
 * A character that needs Shift on a US keyboard presses Shift too, as a person would.
 * Single characters are looked up as typed ("A" is Shift+a); names case-insensitively.
 */
export function parseKeyChord(input: string): KeyChord {
  const parts = input === "+" ? ["+"] : input.endsWith("++") ? [...input.slice(0, -2).split("+"), "+"] : input.split("+");
  const keyName = parts.pop();
  if (keyName === undefined || keyName.length === 0) throw invalidKey(input);
  const modifiers: Modifier[] = [];
  for (const part of parts) {
    const modifier = modifierNamed(part);
    if (!modifier) throw invalidKey(input);
    if (!modifiers.includes(modifier)) modifiers.push(modifier);
  }
  const modifierOnly = modifierNamed(keyName);
  if (modifierOnly) return { modifiers, key: MODIFIER_KEYS[modifierOnly] };
  const key = CHARACTER_KEYS.get(keyName) ?? NAMED_KEYS.get(keyName.toLowerCase()) ?? unlistedCharacter(keyName);
  if (!key) throw invalidKey(input);
  if (key.shift === true && !modifiers.includes("Shift")) modifiers.push("Shift");
  return { modifiers, key };
}

export function modifierKey(name: Modifier): KeyDefinition {
  return MODIFIER_KEYS[name];
}

function invalidKey(input: string): WebOperatorError {
  return new WebOperatorError(
    "invalid_key",
    `Unknown key "${input}". Use a key name (Enter, Tab, Escape, Backspace, ArrowDown, PageDown, F5, Numpad7, a, A, !) ` +
      "optionally with modifiers joined by + (ctrl+a, shift+Tab, meta+Enter).",
  );
}
