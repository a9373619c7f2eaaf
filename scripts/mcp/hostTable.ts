import { markdownCell } from "../markdownTable.js";
import type { TaskReading } from "./taskReading.js";

/** One task's readings, one per server, ours first, in the order the table's columns follow. */
export interface TaskRow {
  task: string;
  readings: readonly TaskReading[];
}

const fmt = (value: number): string => Math.round(value).toLocaleString("en-US");
const ratio = (ours: number, theirs: number): string => `${(ours / theirs).toFixed(2)}×`;

function table(rows: readonly string[][]): string {
  const [head, ...body] = rows;
  return [head!, head!.map(() => "---"), ...body].map((row) => `| ${row.map(markdownCell).join(" | ")} |`).join("\n");
}

/** The whole task set as one reading per server: the sums of turns, results and shares. */
function overAll(rows: readonly TaskRow[]): TaskRow {
  const readings = rows[0]!.readings.map((first, column) => {
    const all = rows.map((row) => row.readings[column]!);
    const sum = (pick: (reading: TaskReading) => number): number => all.reduce((total, reading) => total + pick(reading), 0);
    return { ...first, turns: sum((r) => r.turns), resultChars: sum((r) => r.resultChars), serverShare: sum((r) => r.serverShare) };
  });
  return { task: "**all**", readings };
}

/**
 * bench:host's report, as Markdown: per task and over all, each server's model turns,
 * tool-result characters and its share of what the model read; then ours against each
 * peer; then the constant parts (tool definitions, instructions, Claude Code's own prompt).
 */
export function hostReport(rows: readonly TaskRow[]): string {
  const all = [...rows, overAll(rows)];
  const servers = rows[0]!.readings;
  const [ours, ...peers] = servers;
  const labels = servers.map((reading) => reading.label);
  const figures = table([
    [
      "task",
      ...labels.map((label) => `turns ${label}`),
      ...labels.map((label) => `results ${label}`),
      ...labels.map((label) => `server's share ${label}`),
    ],
    ...all.map((row) => [
      row.task,
      ...row.readings.map((r) => String(r.turns)),
      ...row.readings.map((r) => fmt(r.resultChars)),
      ...row.readings.map((r) => fmt(r.serverShare)),
    ]),
  ]);
  const ratios = table([
    ["task", ...peers.flatMap((peer) => [`turns ours/${peer.label}`, `share ours/${peer.label}`])],
    ...all.map((row) => {
      const [mine, ...theirs] = row.readings;
      return [row.task, ...theirs.flatMap((peer) => [ratio(mine!.turns, peer.turns), ratio(mine!.serverShare, peer.serverShare)])];
    }),
  ]);
  const constants = table([
    ["per turn", ...labels],
    ["tool definitions", ...servers.map((r) => `${fmt(r.definitionChars)} (${r.tools} tools)`)],
    ["server instructions", ...servers.map((r) => fmt(r.instructionChars))],
    ["Claude Code's own system prompt (left out of the share)", ...servers.map((r) => fmt(r.hostSystemChars))],
  ]);
  const note = `ours is ${ours!.label}`;
  return `${figures}\n\n${ratios}\n\n${constants}\n\n(${note}; characters; the share is definitions and instructions × turns + each result × the turns that carry it)`;
}
