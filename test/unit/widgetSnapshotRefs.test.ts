import { describe, expect, it } from "vitest";
import { refIn } from "../widgets/snapshotRefs.js";

describe("the widget suite's ref reader, over both drivers' snapshot text", () => {
  const ours = [
    '- combobox "Size" [expanded] [ref=s1_1_2]',
    '  - option "Say \\"hi\\"" [ref=s1_2_1]',
    '- button "Save size" [ref=s1_1_3]',
  ].join("\n");
  const playwright = [
    '- list "Orders" [active] [ref=e5]:',
    "  - 'button \"Open order #995\" [ref=e55]'",
    "  - 'button \"It''s here: now\" [ref=e56]':",
    '  - gridcell "Choose Thursday, December 24th, 2026" [ref=f1e9]: "24"',
  ].join("\n");

  it("finds a ref by role and exact name, unescaping quotes", () => {
    expect(refIn(ours, "option", 'Say "hi"')).toBe("s1_2_1");
    expect(refIn(ours, "button", "Save size")).toBe("s1_1_3");
    expect(refIn(ours, "button", "Save")).toBeNull();
    expect(refIn(ours, "option", "Save size")).toBeNull();
  });

  it("reads Playwright's YAML-quoted lines and frame refs, and matches a name by pattern", () => {
    expect(refIn(playwright, "list", "Orders")).toBe("e5");
    expect(refIn(playwright, "button", "Open order #995")).toBe("e55");
    expect(refIn(playwright, "button", "It's here: now")).toBe("e56");
    expect(refIn(playwright, "gridcell", /December 24th, 2026/)).toBe("f1e9");
  });

  it("names a role that takes no name from its content by the text after its colon, in both drivers", () => {
    expect(refIn('- list "Reading list" [ref=s1_1]:\n  - listitem [ref=s1_2]: Dune', "listitem", "Dune")).toBe("s1_2");
    expect(refIn("- listitem [ref=e7]: Dune", "listitem", "Dune")).toBe("e7");
    expect(refIn("- listitem [ref=e7]:", "listitem", "Dune")).toBeNull();
  });
});
