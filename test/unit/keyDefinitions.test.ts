import { describe, expect, it } from "vitest";
import { parseKeyChord } from "../../extension/background/keyDefinitions.js";
import { WebOperatorError } from "../../protocol/errors.js";

describe("key chords", () => {
  it("parses names, characters and modifier chords", () => {
    expect(parseKeyChord("Enter")).toMatchObject({ modifiers: [], key: { key: "Enter", keyCode: 13 } });
    expect(parseKeyChord("ctrl+a")).toMatchObject({ modifiers: ["Control"], key: { key: "a", code: "KeyA" } });
    expect(parseKeyChord("Shift+Tab")).toMatchObject({ modifiers: ["Shift"], key: { key: "Tab" } });
    expect(parseKeyChord("Control+Shift+ArrowLeft").modifiers).toEqual(["Control", "Shift"]);
    expect(parseKeyChord("+")).toMatchObject({ key: { key: "+" } });
    expect(parseKeyChord("ctrl++")).toMatchObject({ modifiers: ["Control"], key: { key: "+" } });
    expect(parseKeyChord("F5").key.key).toBe("F5");
  });

  it("refuses unknown keys and modifiers with invalid_key", () => {
    for (const bad of ["Bogus", "hyper+a", "ctrl+", ""]) {
      expect(() => parseKeyChord(bad)).toThrow(WebOperatorError);
    }
  });
});
