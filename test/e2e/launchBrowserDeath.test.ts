import { afterAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnLaunch, type LaunchProcess } from "../helpers/cliProcess.js";
import { parentPid, processesMentioning, processesWithEnv } from "../helpers/processTree.js";

/**
 * Issue 34 item 8: `weboperator launch` must exit, and stop what it started, whenever the
 * browser dies during start-up. Each case kills the real Chromium at one moment of start-up,
 * found from the processes themselves, never from a delay.
 */

interface Moment {
  title: string;
  /** Polled until it names the pid of the browser to kill. */
  browserToKill(root: string): number | null;
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/** The browser process of this launch: started with its profile, and not one of its helpers (--type=renderer, …). */
function browserProcess(root: string): number | null {
  return processesMentioning(`--user-data-dir=${join(root, "profile")}`).find((pid) => !cmdline(pid).includes("--type=")) ?? null;
}

/** The native host's launcher shell, whose parent is the browser that started it. */
function launcherShell(root: string): number | null {
  return processesMentioning(join(root, "profile", "NativeMessagingHosts", "weboperator-host.sh"))[0] ?? null;
}

const pidFileEntry = (root: string): string => `WEBOPERATOR_BRIDGE_PID_FILE=${join(root, "profile", "weboperator-bridges.pid")}`;

/** The bridge (node) the launcher started, before it serves the socket: everything of this launch inherits the pid-file entry. */
function startingBridge(root: string): number | null {
  return processesWithEnv(pidFileEntry(root)).find((pid) => cmdline(pid).includes("bridge/main.js")) ?? null;
}

const MOMENTS: Moment[] = [
  { title: "as soon as the browser process exists, before the extension loads", browserToKill: browserProcess },
  {
    title: "right as the native host starts (its launcher shell appears)",
    browserToKill: (root) => {
      const shell = launcherShell(root);
      return shell === null ? null : parentPid(shell);
    },
  },
  {
    title: "while launch waits for the socket (the bridge is starting)",
    browserToKill: (root) => {
      const bridge = startingBridge(root);
      const shell = bridge === null ? null : parentPid(bridge);
      return shell === null ? null : parentPid(shell);
    },
  },
];

async function poll(find: () => number | null, launch: LaunchProcess): Promise<number> {
  for (;;) {
    const found = find();
    if (found !== null && found > 1) return found;
    if (launch.child.exitCode !== null) throw new Error(`launch exited before the moment came: ${launch.stderr()}`);
    await new Promise((done) => setTimeout(done, 5));
  }
}

describe("launch exits and stops everything when the browser dies during start-up", () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) {
      for (const pid of [...processesMentioning(root), ...processesWithEnv(pidFileEntry(root))]) process.kill(pid, "SIGKILL");
      rmSync(root, { recursive: true, force: true });
    }
  });

  it.each(MOMENTS)("killed $title", async (moment) => {
    const root = mkdtempSync(join(tmpdir(), "wo-death-"));
    roots.push(root);
    const launch = spawnLaunch(root, { ...process.env, WEBOPERATOR_API_TOKEN: "" });
    const browser = await poll(() => moment.browserToKill(root), launch);
    process.kill(browser, "SIGKILL");

    expect(await launch.exited).toBe(1);
    expect(launch.stdout(), "no ready line: the kill came during start-up").toBe("");
    expect(launch.stderr()).toMatch(
      /^launch failed: the browser exited during start-up \(crashed or was killed\); launch stopped the bridge/,
    );
    // Checked the moment launch has exited: it stops what it started before exiting, not some time later.
    expect(processesWithEnv(pidFileEntry(root)), "no launcher shell, bridge or browser helper of this launch").toEqual([]);
    expect(processesMentioning(root)).toEqual([]);
    expect(existsSync(join(root, "bridge.sock"))).toBe(false);
  });
});
