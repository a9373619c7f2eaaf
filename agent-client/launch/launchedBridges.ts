import { existsSync, lstatSync, readFileSync, unlinkSync } from "node:fs";
import { connect } from "node:net";
import { encodeJsonFrame } from "../../protocol/index.js";

const STOP_GRACE_MS = 3_000;
const PROBE_MS = 1_000;

/** Alive and not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // An orphaned bridge is reparented to pid 1, which in a container may never reap it.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

/** On Linux, make sure a pid was not reused by an unrelated process before signalling it. */
function isBridgeProcess(pid: number): boolean {
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync("/proc/self/cmdline")) return true;
  try {
    return readFileSync(cmdline, "utf8").includes("bridge/main.js");
  } catch {
    return false;
  }
}

export function readBridgePids(pidFile: string): number[] {
  let text: string;
  try {
    text = readFileSync(pidFile, "utf8");
  } catch {
    return [];
  }
  const pids = text
    .split("\n")
    .map(Number)
    .filter((pid) => Number.isInteger(pid) && pid > 0);
  return [...new Set(pids)];
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/**
 * Stops every bridge this launch's Chrome started (SIGTERM, then SIGKILL after a grace
 * period), waits for them to exit, and removes the socket file if nothing answers on it
 * any more: a bridge killed with SIGKILL cannot remove it itself.
 */
export async function stopLaunchedBridges(pidFile: string, socket: string): Promise<void> {
  await stopProcesses(readBridgePids(pidFile).filter((pid) => isAlive(pid) && isBridgeProcess(pid)));
  await removeDeadSocket(socket);
}

/** SIGTERM, a grace period, then SIGKILL for what is left; resolves once they are gone (or the grace ran out again). */
export async function stopProcesses(pids: readonly number[]): Promise<void> {
  for (const pid of pids) signal(pid, "SIGTERM");
  const deadline = Date.now() + STOP_GRACE_MS;
  while (pids.some(isAlive) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 25));
  for (const pid of pids.filter(isAlive)) signal(pid, "SIGKILL");
  const killDeadline = Date.now() + STOP_GRACE_MS;
  while (pids.some(isAlive) && Date.now() < killDeadline) await new Promise((done) => setTimeout(done, 25));
}

async function removeDeadSocket(socket: string): Promise<void> {
  try {
    if (!lstatSync(socket).isSocket()) return;
  } catch {
    return;
  }
  if (await answersRequests(socket)) return;
  try {
    unlinkSync(socket);
  } catch {
    // Removed concurrently.
  }
}

/**
 * Whether a live bridge serves the socket: it answers any frame, if only with
 * `unauthorized`. Accepting the connection is not enough: a killed bridge whose threads
 * are still being torn down keeps its listening socket open without ever reading it.
 */
function answersRequests(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(socket);
    const finish = (answered: boolean): void => {
      clearTimeout(timer);
      probe.destroy();
      resolve(answered);
    };
    const timer = setTimeout(() => finish(false), PROBE_MS);
    probe.once("connect", () => probe.write(encodeJsonFrame({ id: "launch-probe", type: "bridge.health", payload: {} })));
    probe.once("data", () => finish(true));
    probe.once("error", () => finish(false));
  });
}
