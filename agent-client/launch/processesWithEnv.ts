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

/**
 * Live processes (zombies excluded) started with `entry` (e.g. `HOME=/tmp/x`) in their
 * environment. A Chrome and everything it starts, the native-messaging host included,
 * inherit its environment, even once reparented away from it.
 */
export function processesWithEnv(entry: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    if (Number(pid) === process.pid) continue;
    const stat = readProc(pid, "stat");
    if (stat === null || /^\d+ \(.*\) Z/.test(stat)) continue;
    const environ = readProc(pid, "environ");
    if (environ !== null && environ.split("\0").includes(entry)) found.push(Number(pid));
  }
  return found;
}
