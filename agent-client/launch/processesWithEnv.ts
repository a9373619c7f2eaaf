import { readdirSync, readFileSync } from "node:fs";

function readProc(pid: string, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return null;
  }
}

/** Whether /proc can answer processesWithEnv: Linux, not macOS. */
export function canReadEnvironments(): boolean {
  return readProc("self", "environ") !== null;
}

/** Live processes (zombies excluded) but this one whose /proc `file` passes `matches`. */
export function liveProcessesWhere(file: "environ" | "cmdline", matches: (content: string) => boolean): number[] {
  const found: number[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    if (Number(pid) === process.pid) continue;
    const stat = readProc(pid, "stat");
    if (stat === null || /^\d+ \(.*\) Z/.test(stat)) continue;
    const content = readProc(pid, file);
    if (content !== null && matches(content)) found.push(Number(pid));
  }
  return found;
}

/**
 * Live processes (zombies excluded) started with `entry` (e.g. `HOME=/tmp/x`) in their
 * environment. A Chrome and everything it starts, the native-messaging host included,
 * inherit its environment, even once reparented away from it.
 */
export function processesWithEnv(entry: string): number[] {
  return liveProcessesWhere("environ", (environ) => environ.split("\0").includes(entry));
}
