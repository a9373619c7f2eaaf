import { lineText, SolverError, type AgentView, type SnapshotLine } from "../agentView.js";
import { pick, readInstruction } from "../instruction.js";
import type { Solver } from "../solver.js";

const named = (role: string, name: string) => (line: SnapshotLine) => line.role === role && line.name === name;
const textOf = (line: SnapshotLine): string => lineText(line).trim();

/** The first text line that matches `pattern`, or a SolverError saying the snapshot lacked it. */
function textMatching(view: AgentView, pattern: RegExp, what: string): RegExpExecArray {
  for (const line of view.lines) {
    const match = line.role === "text" ? pattern.exec(textOf(line)) : null;
    if (match !== null) return match;
  }
  throw new SolverError("not_in_snapshot", `no ${what} in the snapshot`);
}

async function answer(view: AgentView, value: string, fieldRole = "textbox"): Promise<void> {
  await view.type(
    view.find((line) => line.role === fieldRole, "answer field"),
    value,
  );
  await view.click(view.find(named("button", "Submit"), "Submit"));
}

export const REASONING_SOLVERS: Record<string, Solver> = {
  "simple-arithmetic": async (view) => {
    await readInstruction(view);
    const [, left = "", operator = "", right = ""] = textMatching(view, /^(-?\d+) ([-+x]) (-?\d+) =$/, "arithmetic problem");
    const [a, b] = [Number(left), Number(right)];
    await answer(view, String(operator === "+" ? a + b : operator === "-" ? a - b : a * b));
  },
  "simple-algebra": async (view) => {
    await readInstruction(view);
    const equation = textMatching(view, /^(x|-?\d+) ([-+]) (x|-?\d+) = (-?\d+)$/, "equation");
    const [, left = "", operator = "", right = "", total = ""] = equation;
    const sum = Number(total);
    // x + d = s, d + x = s: x = s - d; x - d = s: x = s + d; d - x = s: x = d - s.
    const x =
      left === "x"
        ? operator === "+"
          ? sum - Number(right)
          : sum + Number(right)
        : operator === "+"
          ? sum - Number(left)
          : Number(left) - sum;
    await answer(view, String(x));
  },
  "odd-or-even": async (view) => {
    await readInstruction(view);
    // Each number is printed between its row's Odd and Even buttons.
    for (const [index, line] of view.lines.entries()) {
      if (line.role !== "text" || !/^-?\d+$/.test(textOf(line))) continue;
      const odd = Math.abs(Number(textOf(line))) % 2 === 1;
      const button = odd ? view.lines[index - 1] : view.lines[index + 1];
      if (button?.role !== "button") throw new SolverError("not_in_snapshot", `no Odd/Even button beside the number ${textOf(line)}`);
      await view.click(button);
    }
    await view.click(view.find(named("button", "Submit"), "Submit"));
  },
  "guess-number": async (view) => {
    await readInstruction(view);
    let [low, high] = [0, 9];
    while (low <= high) {
      const guess = Math.floor((low + high) / 2);
      await answer(view, String(guess), "spinbutton");
      const lines = await view.snapshot();
      const feedback = lines.map(textOf).find((text) => /^The number is (lower|higher) than/.test(text) || text === "Correct!");
      if (feedback === undefined || feedback === "Correct!") return;
      if (feedback.includes("lower")) high = guess - 1;
      else low = guess + 1;
    }
  },
  "use-spinner": async (view) => {
    const value = pick(await readInstruction(view), /Select (-?\d+) with the spinner/, "value");
    await answer(view, value, "spinbutton");
  },
};
