import { readFileSync } from "node:fs";

/** Resident set size of a process in KiB (Linux /proc), or null where that is not readable. */
export function rssKb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match?.[1] === undefined ? null : Number(match[1]);
  } catch {
    return null;
  }
}
