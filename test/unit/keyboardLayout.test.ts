import { describe, expect, it } from "vitest";
import { parseKeyChord } from "../../extension/background/input/keyboardLayout.js";
import { WebOperatorError } from "../../protocol/errors.js";
import { ModifiersSchema } from "../../protocol/primitives.js";
import { modifierBits } from "../../extension/background/input/modifiers.js";

describe("key chords", () => {
  it("parses names, characters and modifier chords", () => {
    expect(parseKeyChord("Enter")).toMatchObject({ modifiers: [], key: { key: "Enter", keyCode: 13 } });
    expect(parseKeyChord("ctrl+a")).toMatchObject({ modifiers: ["Control"], key: { key: "a", code: "KeyA" } });
    expect(parseKeyChord("Shift+Tab")).toMatchObject({ modifiers: ["Shift"], key: { key: "Tab" } });
    expect(parseKeyChord("Control+Shift+ArrowLeft").modifiers).toEqual(["Control", "Shift"]);
    expect(parseKeyChord("+")).toMatchObject({ key: { key: "+" } });
    expect(parseKeyChord("ctrl++")).toMatchObject({ modifiers: ["Control", "Shift"], key: { key: "+", code: "Equal" } });
    expect(parseKeyChord("F5").key.key).toBe("F5");
  });

  it("refuses unknown keys and modifiers with invalid_key", () => {
    for (const bad of ["Bogus", "hyper+a", "ctrl+", ""]) {
      expect(() => parseKeyChord(bad)).toThrow(WebOperatorError);
    }
  });
});

describe("the US layout", () => {
  it("types shifted characters with Shift and their base key's code", () => {
    expect(parseKeyChord("!")).toEqual({ modifiers: ["Shift"], key: { key: "!", code: "Digit1", keyCode: 49, text: "!", shift: true } });
    expect(parseKeyChord("A")).toMatchObject({ modifiers: ["Shift"], key: { key: "A", code: "KeyA", keyCode: 65, text: "A" } });
    expect(parseKeyChord("a")).toMatchObject({ modifiers: [], key: { key: "a", code: "KeyA", keyCode: 65 } });
    expect(parseKeyChord("ctrl+A").modifiers).toEqual(["Control", "Shift"]);
  });

  it.each([
    ["`", "Backquote", 192],
    ["~", "Backquote", 192],
    ["_", "Minus", 189],
    ["+", "Equal", 187],
    ["{", "BracketLeft", 219],
    ["}", "BracketRight", 221],
    ["|", "Backslash", 220],
    [":", "Semicolon", 186],
    ['"', "Quote", 222],
    ["<", "Comma", 188],
    [">", "Period", 190],
    ["?", "Slash", 191],
    ["@", "Digit2", 50],
    ["#", "Digit3", 51],
    ["$", "Digit4", 52],
    ["%", "Digit5", 53],
    ["^", "Digit6", 54],
    ["&", "Digit7", 55],
    ["*", "Digit8", 56],
    ["(", "Digit9", 57],
    [")", "Digit0", 48],
    ["0", "Digit0", 48],
  ])("%s is %s (%i)", (character, code, keyCode) => {
    expect(parseKeyChord(character).key).toMatchObject({ code, keyCode, text: character });
  });

  it("names every control, function and numpad key", () => {
    expect(parseKeyChord("F24").key).toMatchObject({ code: "F24", keyCode: 135 });
    expect(parseKeyChord("Numpad7").key).toMatchObject({ key: "7", code: "Numpad7", keyCode: 103, location: 3 });
    expect(parseKeyChord("NumpadEnter").key).toMatchObject({ key: "Enter", code: "NumpadEnter", text: "\r" });
    for (const name of ["CapsLock", "Insert", "PrintScreen", "ContextMenu", "PageDown", "esc", "del", "space"]) {
      expect(parseKeyChord(name).key.keyCode, name).toBeGreaterThan(0);
    }
    expect(parseKeyChord("é").key).toMatchObject({ key: "é", keyCode: 0, text: "é" });
  });
});

describe("modifiers", () => {
  it("reads every spelling, chords included, into canonical names and CDP bits", () => {
    expect(ModifiersSchema.parse(["shift", "CTRL+alt", "cmd"])).toEqual(["Shift", "Control", "Alt", "Meta"]);
    expect(modifierBits(ModifiersSchema.parse(["ctrl+shift"]))).toBe(2 | 8);
    expect(ModifiersSchema.safeParse(["hyper"]).success).toBe(false);
  });
});
