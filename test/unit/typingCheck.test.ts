import { describe, expect, it } from "vitest";
import { textNotTaken, typingVisiblyFailed } from "../../extension/background/tools/interaction/typingCheck.js";

describe("typing escalates only when nothing took", () => {
  it.each([
    ["an editor that still shows its old text", "kept", "kept", "new", "replace", true],
    ["an empty editor that stayed empty", "", "", "hello", "replace", true],
    ["an append that added nothing", "Hello", "Hello", " there", "append", true],
    ["a replace that took", "old", "new", "new", "replace", false],
    ["an append that took", "Hello", "Hello there", " there", "append", false],
    ["a field that already held the wanted text", "same", "same", "same", "replace", false],
    ["an editor that took the text and reshaped it (a Markdown shortcut)", "", "Title", "# Title", "replace", false],
    ["clearing, which has nothing to check", "old", "old", "", "replace", false],
  ] as const)("%s", (_label, before, after, text, mode, failed) => {
    expect(typingVisiblyFailed(before, after, text, mode)).toBe(failed);
  });

  it("answers dispatch_failed at the verify stage, naming what the field still shows", () => {
    const error = textNotTaken("s1_1_4", "kept");
    expect(error.code).toBe("dispatch_failed");
    expect(error.stage).toBe("verify");
    expect(error.message).toContain('"kept"');
  });
});
