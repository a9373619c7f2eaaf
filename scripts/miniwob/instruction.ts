import { lineText, SolverError, type AgentView } from "./agentView.js";

/** MiniWoB prints its instruction first on the page, so it is the snapshot's first line. */
export async function readInstruction(view: AgentView): Promise<string> {
  const lines = await view.snapshot();
  const first = lines[0];
  if (first === undefined) throw new SolverError("empty_snapshot", "the snapshot printed no line");
  return lineText(first);
}

/** The strings the instruction puts in double quotes, in order. */
export function quotedIn(instruction: string): string[] {
  return [...instruction.matchAll(/"([^"]*)"/g)].map((match) => match[1] ?? "");
}

/** The one quoted string, or the first `pattern` group, or a SolverError naming what the instruction lacked. */
export function pick(instruction: string, pattern: RegExp, what: string): string {
  const found = pattern.exec(instruction)?.[1];
  if (found === undefined) throw new SolverError("instruction_unparsed", `no ${what} in the instruction ${JSON.stringify(instruction)}`);
  return found;
}
