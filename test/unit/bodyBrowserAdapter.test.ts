import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../bridge/perception/canonicalJson.js";
import { snapshotLines } from "../../bridge/perception/snapshotLineParser.js";
import { encodeState, structureOf } from "../../bridge/perception/bodyPerception.js";

const SNAPSHOT = [
  "# Page Snapshot (sab12c_3)",
  "URL: http://x/",
  "Title: T",
  "",
  '- heading "Clock 12:01" [level=1]',
  "- text: Ticks 4",
  '- form "Profile"',
  '  - textbox "Name" [value="Ada ]"] [ref=sab12c_1_1]',
  '  - checkbox "News" [checked] [ref=sab12c_1_2]',
  "- status: Saved",
].join("\n");

describe("&body.browser state encoding", () => {
  it("reads element lines with depth, role, name, states and ref; text lines are content", () => {
    expect(snapshotLines(SNAPSHOT)).toEqual([
      { depth: 0, role: "heading", name: "Clock 12:01", states: ["[level=1]"] },
      { depth: 0, role: "form", name: "Profile", states: [] },
      { depth: 1, role: "textbox", name: "Name", states: ['[value="Ada ]"]'], ref: "sab12c_1_1" },
      { depth: 1, role: "checkbox", name: "News", states: ["[checked]"], ref: "sab12c_1_2" },
      { depth: 0, role: "status", name: "", states: [] },
    ]);
  });

  it("keeps text, values, refs and non-interactive names out of the structure", () => {
    const changed = SNAPSHOT.replace("12:01", "12:02")
      .replace("Ticks 4", "Ticks 5")
      .replace('"Ada ]"', '"Grace"')
      .replaceAll("sab12c", "szz99q")
      .replace("Saved", "Saving");
    expect(structureOf(snapshotLines(changed))).toEqual(structureOf(snapshotLines(SNAPSHOT)));
    const viewport = { width: 800, height: 600 };
    expect(encodeState("http://x/", snapshotLines(changed), viewport)).toBe(encodeState("http://x/", snapshotLines(SNAPSHOT), viewport));
    expect(encodeState("http://x/", snapshotLines(SNAPSHOT.replace(" [checked]", "")), viewport)).not.toBe(
      encodeState("http://x/", snapshotLines(SNAPSHOT), viewport),
    );
    expect(encodeState("http://x/", snapshotLines(SNAPSHOT), { width: 801, height: 600 })).not.toBe(
      encodeState("http://x/", snapshotLines(SNAPSHOT), viewport),
    );
    // Browser UI (the debugger infobar, the download bar) moves the height, not the page: same state.
    expect(encodeState("http://x/", snapshotLines(SNAPSHOT), { width: 800, height: 544 })).toBe(
      encodeState("http://x/", snapshotLines(SNAPSHOT), viewport),
    );
    expect(encodeState("http://x/", snapshotLines(SNAPSHOT), { width: 800, height: 900 })).not.toBe(
      encodeState("http://x/", snapshotLines(SNAPSHOT), viewport),
    );
  });

  it("canonical JSON sorts keys at every level", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: "x" } })).toBe('{"a":{"c":"x","d":[2,{"e":0,"f":1}]},"b":1}');
  });
});
