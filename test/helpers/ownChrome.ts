import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebOperatorClient } from "../../agent-client/client.js";
import { findBrowser } from "../../agent-client/launch/findBrowser.js";
import { builtExtensionDir } from "../../bridge/install/projectLayout.js";
import { processesWithEnv } from "./processTree.js";
import { OFFLINE_CHROMIUM_BASE_FLAGS } from "../../agent-client/launch/chromiumFlags.js";
import { stopProcesses } from "../../agent-client/launch/launchedBridges.js";
import type { XDisplay } from "./xDisplay.js";

/** What a person types after `chromium`, minus what only a machine with no internet and no sandbox needs. */
export const OWN_CHROME_FLAGS = OFFLINE_CHROMIUM_BASE_FLAGS;

const STOP_GRACE_MS = 5_000;

/** A user of their own: a fresh HOME, and the environment every process of this user starts with. */
export interface OwnHome {
  home: string;
  env: Record<string, string>;
  /** Removes the HOME; call after everything started with it is gone. */
  remove(): void;
}

/**
 * Built from nothing rather than from the test's environment, so no WEBOPERATOR_* variable,
 * HOME or XDG path of the machine leaks in. The socket is the one override: the default
 * /tmp/weboperator-bridge.sock is shared by every user and test run of this machine.
 */
export function ownHome(displayEnv: XDisplay["env"], extra: Record<string, string> = {}): OwnHome {
  const home = mkdtempSync(join(tmpdir(), "wo-own-"));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    ...displayEnv,
    WEBOPERATOR_AGENT_SOCKET: join(home, "bridge.sock"),
    ...extra,
  };
  return { home, env, remove: () => rmSync(home, { recursive: true, force: true, maxRetries: 3 }) };
}

export interface OwnChrome {
  process: ChildProcess;
  /** The last lines Chrome wrote to stderr (the bridge's log lines among them), for failure messages. */
  log(): string;
  /** Resolves once bridge.health reports the extension connected. */
  extensionConnected(timeoutMs?: number): Promise<void>;
  /** Quits Chrome as a person would (SIGTERM, as the window manager's close does); what Chrome started may outlive it. */
  quit(): Promise<void>;
}

/** Headed Chromium on the HOME's default profile (~/.config/chromium) with the built extension loaded unpacked. */
export function startOwnChrome(user: OwnHome): OwnChrome {
  const browser = findBrowser(process.env);
  if (browser === null) throw new Error("no Chromium found: apt-get install -y chromium, or set CHROME_PATH");
  const chrome = spawn(browser, [...OWN_CHROME_FLAGS, `--load-extension=${builtExtensionDir()}`], {
    env: user.env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let lines: string[] = [];
  chrome.stderr?.on("data", (chunk: Buffer) => {
    lines = [
      ...lines,
      ...chunk
        .toString()
        .split("\n")
        .filter((line) => line.length > 0 && !line.includes(":ERROR:dbus/")),
    ].slice(-40);
  });
  const exited = new Promise<void>((resolve) => chrome.once("exit", () => resolve()));
  const log = (): string => lines.join("\n");

  const extensionConnected = async (timeoutMs = 45_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    let problem = "the bridge socket never appeared";
    while (Date.now() < deadline) {
      if (chrome.exitCode !== null || chrome.signalCode !== null) throw new Error(`Chromium exited during start-up:\n${log()}`);
      try {
        const client = await WebOperatorClient.connect({ env: user.env });
        try {
          const health = await client.request("bridge.health", {}, { timeoutMs: 2_000 });
          if (health.extension.connected) return;
          problem = "the bridge is up but the extension has not connected";
        } finally {
          client.close();
        }
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
      await new Promise((done) => setTimeout(done, 200));
    }
    throw new Error(`the extension did not reach the bridge within ${timeoutMs} ms: ${problem}\n${log()}`);
  };

  const quit = async (): Promise<void> => {
    if (chrome.exitCode !== null || chrome.signalCode !== null) return;
    chrome.kill("SIGTERM");
    const killer = setTimeout(() => chrome.kill("SIGKILL"), STOP_GRACE_MS);
    await exited;
    clearTimeout(killer);
  };

  return { process: chrome, log, extensionConnected, quit };
}

/**
 * Stops every process started with this HOME: a Chrome still running, and the bridge, which
 * outlives Chrome by design (it lingers for minutes waiting for the extension to come back).
 * Answers the pids still running afterwards.
 */
export async function stopEverythingOf(user: OwnHome): Promise<number[]> {
  const entry = `HOME=${user.home}`;
  await stopProcesses(processesWithEnv(entry));
  return processesWithEnv(entry);
}
