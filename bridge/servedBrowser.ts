import { execFileSync } from "node:child_process";
import { readlinkSync } from "node:fs";

/** Set by the launcher `weboperator install` writes: the pid of the browser that started it (its parent). */
export const BROWSER_PID_ENV = "WEBOPERATOR_BROWSER_PID";

export interface ServedBrowser {
  pid: number;
  /** The browser's executable, or null when it could not be read (it already exited). */
  executable: string | null;
}

function executableOf(pid: number): string | null {
  try {
    if (process.platform === "linux") return readlinkSync(`/proc/${pid}/exe`);
    const name = execFileSync("ps", ["-o", "comm=", "-p", String(pid)], { encoding: "utf8", timeout: 2_000 }).trim();
    return name.length > 0 ? name : null;
  } catch {
    return null;
  }
}

let remembered: ServedBrowser | null | undefined;

/**
 * The browser this bridge serves. Read once, at start-up, while the browser that started
 * the host is surely alive: the bridge outlives it by design, and a pid read later could
 * belong to another process.
 */
export function servedBrowser(env: NodeJS.ProcessEnv = process.env): ServedBrowser | null {
  if (remembered !== undefined) return remembered;
  const pid = Number(env[BROWSER_PID_ENV]);
  remembered = Number.isInteger(pid) && pid > 1 ? { pid, executable: executableOf(pid) } : null;
  return remembered;
}
