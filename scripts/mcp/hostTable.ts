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

/** One figure per task and over all: a column per server, then ours (the first) against each peer. */
function metricTable(metric: string, rows: readonly TaskRow[], pick: (reading: TaskReading) => number): string {
  const peers = rows[0]!.readings.slice(1);
  return table([
    [metric, ...rows[0]!.readings.map((reading) => reading.label), ...peers.map((peer) => `ours/${peer.label}`)],
    ...rows.map((row) => {
      const [mine, ...theirs] = row.readings.map(pick);
      return [row.task, fmt(mine!), ...theirs.map(fmt), ...theirs.map((value) => ratio(mine!, value))];
    }),
  ]);
}

/**
 * bench:host's report, as Markdown: per task and over all, each server's model turns, its
 * tool-result characters and its share of what the model read, with ours against each peer;
 * then the parts every turn carries (tool definitions, instructions, Claude Code's own prompt).
 */
export function hostReport(rows: readonly TaskRow[]): string {
  const all = [...rows, overAll(rows)];
  const servers = rows[0]!.readings;
  const constants = table([
    ["every turn carries", ...servers.map((reading) => reading.label)],
    ["tool definitions", ...servers.map((r) => `${fmt(r.definitionChars)} (${r.tools} tools)`)],
    ["server instructions", ...servers.map((r) => fmt(r.instructionChars))],
    ["Claude Code's own system prompt (left out of the share)", ...servers.map((r) => fmt(r.hostSystemChars))],
  ]);
  return [
    metricTable("model turns", all, (r) => r.turns),
    metricTable("tool-result characters", all, (r) => r.resultChars),
    metricTable("server's share of what the model read", all, (r) => r.serverShare),
    constants,
    "(characters; the server's share is its tool definitions and instructions × turns, plus each result × the turns that carry it)",
  ].join("\n\n");
}
