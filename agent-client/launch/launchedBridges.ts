import { existsSync, lstatSync, readFileSync, unlinkSync } from "node:fs";
import { connect } from "node:net";
import { encodeJsonFrame } from "../../protocol/index.js";
import { BRIDGE_PID_FILE_ENV } from "../../bridge/bridgePidFile.js";
import { canReadEnvironments, processesWithEnv } from "./processesWithEnv.js";

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

/** Rounds of sweeping: a launcher caught between fork and exec can leave a child the previous round did not see. */
const SWEEP_ROUNDS = 3;

/**
 * Stops everything this launch's browser started, however far start-up got: the bridges
 * in the pid file, and on Linux every process that inherited the launch's own
 * environment entry (a launcher shell, a bridge that had not yet written its pid, a browser
 * helper). Call it once the browser itself is closed or gone.
 */
export async function stopLaunchedProcesses(pidFile: string, socket: string): Promise<void> {
  await stopProcesses(readBridgePids(pidFile).filter((pid) => isAlive(pid) && isBridgeProcess(pid)));
  if (canReadEnvironments()) {
    const entry = `${BRIDGE_PID_FILE_ENV}=${pidFile}`;
    for (let round = 0; round < SWEEP_ROUNDS; round++) {
      const left = processesWithEnv(entry);
      if (left.length === 0) break;
      await stopProcesses(left);
    }
  }
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
