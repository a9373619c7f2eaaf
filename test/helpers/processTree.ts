import { readdirSync, readFileSync } from "node:fs";
import { liveProcessesWhere } from "../../agent-client/launch/processesWithEnv.js";

function readProc(pid: string, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return null;
  }
}

/** Live processes (zombies excluded) whose command line mentions `text`, e.g. a test's private folder. */
export function processesMentioning(text: string): number[] {
  return liveProcessesWhere("cmdline", (cmdline) => cmdline.replaceAll("\0", " ").includes(text));
}

/** Direct children of `parent`. */
export function childPids(parent: number): number[] {
  const children: number[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    const stat = readProc(pid, "stat");
    const match = stat === null ? null : /^\d+ \(.*\) \S (\d+)/.exec(stat);
    if (match && Number(match[1]) === parent) children.push(Number(pid));
  }
  return children;
}

export { processesWithEnv } from "../../agent-client/launch/processesWithEnv.js";

/** The parent of `pid`, or null once it is gone. */
export function parentPid(pid: number): number | null {
  const stat = readProc(String(pid), "stat");
  const match = stat === null ? null : /^\d+ \(.*\) \S (\d+)/.exec(stat);
  return match ? Number(match[1]) : null;
}
