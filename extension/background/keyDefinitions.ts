import { WebOperatorError } from "../../protocol/index.js";

export interface KeyDefinition {
  key: string;
  code: string;
  keyCode: number;
  /** Inserted text for printable keys; absent for control keys. */
  text?: string;
  location?: number;
}

export const MODIFIER_BITS = { Alt: 1, Control: 2, Meta: 4, Shift: 8 } as const;
export type ModifierName = keyof typeof MODIFIER_BITS;

const MODIFIER_ALIASES: Record<string, ModifierName> = {
  alt: "Alt", option: "Alt",
  ctrl: "Control", control: "Control",
  meta: "Meta", cmd: "Meta", command: "Meta", super: "Meta", win: "Meta",
  shift: "Shift",
};

const MODIFIER_KEYS: Record<ModifierName, KeyDefinition> = {
  Alt: { key: "Alt", code: "AltLeft", keyCode: 18, location: 1 },
  Control: { key: "Control", code: "ControlLeft", keyCode: 17, location: 1 },
  Meta: { key: "Meta", code: "MetaLeft", keyCode: 91, location: 1 },
  Shift: { key: "Shift", code: "ShiftLeft", keyCode: 16, location: 1 },
};

const NAMED_KEYS: Record<string, KeyDefinition> = {
  enter: { key: "Enter", code: "Enter", keyCode: 13, text: "\r" },
  return: { key: "Enter", code: "Enter", keyCode: 13, text: "\r" },
  tab: { key: "Tab", code: "Tab", keyCode: 9 },
  escape: { key: "Escape", code: "Escape", keyCode: 27 },
  esc: { key: "Escape", code: "Escape", keyCode: 27 },
  backspace: { key: "Backspace", code: "Backspace", keyCode: 8 },
  delete: { key: "Delete", code: "Delete", keyCode: 46 },
  space: { key: " ", code: "Space", keyCode: 32, text: " " },
  arrowup: { key: "ArrowUp", code: "ArrowUp", keyCode: 38 },
  arrowdown: { key: "ArrowDown", code: "ArrowDown", keyCode: 40 },
  arrowleft: { key: "ArrowLeft", code: "ArrowLeft", keyCode: 37 },
  arrowright: { key: "ArrowRight", code: "ArrowRight", keyCode: 39 },
  up: { key: "ArrowUp", code: "ArrowUp", keyCode: 38 },
  down: { key: "ArrowDown", code: "ArrowDown", keyCode: 40 },
  left: { key: "ArrowLeft", code: "ArrowLeft", keyCode: 37 },
  right: { key: "ArrowRight", code: "ArrowRight", keyCode: 39 },
  home: { key: "Home", code: "Home", keyCode: 36 },
  end: { key: "End", code: "End", keyCode: 35 },
  pageup: { key: "PageUp", code: "PageUp", keyCode: 33 },
  pagedown: { key: "PageDown", code: "PageDown", keyCode: 34 },
  insert: { key: "Insert", code: "Insert", keyCode: 45 },
};
for (let n = 1; n <= 12; n++) NAMED_KEYS[`f${n}`] = { key: `F${n}`, code: `F${n}`, keyCode: 111 + n };

const PUNCTUATION: Record<string, [code: string, keyCode: number]> = {
  "-": ["Minus", 189], "=": ["Equal", 187], "[": ["BracketLeft", 219], "]": ["BracketRight", 221],
  "\\": ["Backslash", 220], ";": ["Semicolon", 186], "'": ["Quote", 222], ",": ["Comma", 188],
  ".": ["Period", 190], "/": ["Slash", 191], "`": ["Backquote", 192],
};

function characterKey(character: string): KeyDefinition | null {
  if (/^[a-z]$/i.test(character)) {
    const upper = character.toUpperCase();
    return { key: character, code: `Key${upper}`, keyCode: upper.charCodeAt(0), text: character };
  }
  if (/^[0-9]$/.test(character)) return { key: character, code: `Digit${character}`, keyCode: character.charCodeAt(0), text: character };
  const punctuation = PUNCTUATION[character];
  if (punctuation) return { key: character, code: punctuation[0], keyCode: punctuation[1], text: character };
  if ([...character].length === 1) return { key: character, code: "", keyCode: 0, text: character };
  return null;
}

export interface KeyChord {
  modifiers: ModifierName[];
  key: KeyDefinition;
}

/** Parses "Enter", "ctrl+a", "Shift+Tab", "Control+Shift+ArrowLeft", "+" or "ctrl++". */
export function parseKeyChord(input: string): KeyChord {
  const parts = input === "+" ? ["+"] : input.endsWith("++") ? [...input.slice(0, -2).split("+"), "+"] : input.split("+");
  const keyName = parts.pop();
  if (keyName === undefined || keyName.length === 0) throw invalidKey(input);
  const modifiers: ModifierName[] = [];
  for (const part of parts) {
    const modifier = MODIFIER_ALIASES[part.trim().toLowerCase()];
    if (!modifier) throw invalidKey(input);
    if (!modifiers.includes(modifier)) modifiers.push(modifier);
  }
  const modifierOnly = MODIFIER_ALIASES[keyName.toLowerCase()];
  if (modifierOnly) return { modifiers, key: MODIFIER_KEYS[modifierOnly] };
  const key = NAMED_KEYS[keyName.toLowerCase()] ?? characterKey(keyName);
  if (!key) throw invalidKey(input);
  return { modifiers, key };
}

export function modifierKey(name: ModifierName): KeyDefinition {
  return MODIFIER_KEYS[name];
}

function invalidKey(input: string): WebOperatorError {
  return new WebOperatorError(
    "invalid_key",
    `Unknown key "${input}". Use a key name (Enter, Tab, Escape, Backspace, ArrowDown, PageDown, F5, a, 7) ` +
      "optionally with modifiers joined by + (ctrl+a, shift+Tab, meta+Enter).",
  );
}
