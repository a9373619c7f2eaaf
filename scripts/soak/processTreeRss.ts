import { readdirSync, readFileSync } from "node:fs";
import { rssKb } from "../fuzz/processRss.js";

/** Parent of every live process, from /proc/<pid>/stat (Linux). */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const match = /^\d+ \(.*\) \S (\d+)/.exec(readFileSync(`/proc/${name}/stat`, "utf8"));
      if (match?.[1] !== undefined) map.set(Number(name), Number(match[1]));
    } catch {
      // The process ended while we listed it.
    }
  }
  return map;
}

/**
 * The summed RSS (KiB) of `root` and its descendants, leaving out the subtrees of `excluded`
 * (the bridge is Chrome's child, but is measured on its own). Shared pages count once per
 * process, so this over-states the total; its trend over time is what a soak reads.
 */
export function treeRssKb(root: number, excluded: readonly number[]): number {
  const parentOf = parents();
  const skip = new Set(excluded);
  let total = 0;
  for (const pid of parentOf.keys()) {
    if (inTree(pid, root, skip, parentOf)) total += rssKb(pid) ?? 0;
  }
  return total;
}

function inTree(pid: number, root: number, skip: Set<number>, parentOf: Map<number, number>): boolean {
  for (let current: number | undefined = pid, hops = 0; current !== undefined && hops < 64; current = parentOf.get(current), hops++) {
    if (skip.has(current)) return false;
    if (current === root) return true;
    if (current <= 1) return false;
  }
  return false;
}
