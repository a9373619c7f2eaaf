import { describe, expect, it } from "vitest";
import { lineText, parseSnapshot } from "../../scripts/miniwob/agentView.js";
import { quotedIn } from "../../scripts/miniwob/instruction.js";
import { miniwobDir, MiniwobMissingError } from "../../scripts/miniwob/miniwobDir.js";
import { renderReport } from "../../scripts/miniwob/report.js";
import { isSolved } from "../../scripts/miniwob/runTask.js";

/** The MiniWoB++ bench's reading of our snapshot and its scoring (scripts/miniwob). */
describe("bench: MiniWoB++", () => {
  it("reads role, name, ref, text and depth from snapshot lines", () => {
    const lines = parseSnapshot(
      '# Page Snapshot (s_1)\n- text: Click on the "Ok" button.\n- dialog " "\n  - button "Say \\"hi\\"" [ref=s_1_2]\n  - listitem [ref=s_1_3]: Mute @kenda',
    );
    expect(lines.map((line) => [line.indent, line.role, line.name, line.ref])).toEqual([
      [0, "text", "", null],
      [0, "dialog", " ", null],
      [2, "button", 'Say "hi"', "s_1_2"],
      [2, "listitem", "", "s_1_3"],
    ]);
    expect(lineText(lines[0]!)).toBe('Click on the "Ok" button.');
    expect(lineText(lines[3]!)).toBe("Mute @kenda");
    expect(quotedIn(lineText(lines[0]!))).toEqual(["Ok"]);
  });

  it("counts a task solved when most of its episodes scored above zero", () => {
    const episode = (reward: number) => ({ seed: "1", reward, failure: reward > 0 ? null : "scored -1.00" });
    expect(isSolved({ task: "a", episodes: [episode(0.9), episode(-1), episode(0.8)] })).toBe(true);
    expect(isSolved({ task: "b", episodes: [episode(0.9), episode(-1), episode(0)] })).toBe(false);
    const report = renderReport([
      { task: "a", episodes: [episode(0.9), episode(-1), episode(0.8)] },
      { task: "b", episodes: [episode(0.9), episode(-1), episode(0)] },
    ]);
    expect(report).toContain("solved 1 of 2 tasks, 3 of 6 episodes");
    expect(report).toContain("- `b` seed 1: scored -1.00");
  });

  it("says how to get MiniWoB++ when MINIWOB_DIR is missing or wrong", () => {
    expect(() => miniwobDir({})).toThrow(MiniwobMissingError);
    expect(() => miniwobDir({ MINIWOB_DIR: "/nonexistent" })).toThrow(
      /git clone https:\/\/github.com\/Farama-Foundation\/miniwob-plusplus/,
    );
  });
});
