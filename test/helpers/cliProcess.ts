import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { projectRoot } from "../../bridge/install/projectLayout.js";
import { testHeadless } from "./browserMode.js";

export const BIN = join(projectRoot(), "bin", "weboperator.js");

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built CLI as a user would. Asynchronous so an in-process fixture server keeps
 * serving. `input`, when given, is piped to its stdin (`config set NAME -`); `cwd` is where it runs.
 */
export function runCli(args: string[], env: NodeJS.ProcessEnv, input?: string, cwd?: string): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, cwd, stdio: ["pipe", "pipe", "pipe"] });
    child.stdin.end(input ?? "");
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** What `weboperator launch` prints once ready. */
export interface ReadyLine {
  socket: string;
  pid: number;
  bridgePid: number;
  userDataDir: string;
  configDir: string;
  tokenFile: string;
  tokenSource: string;
}

export interface LaunchProcess {
  child: ChildProcessWithoutNullStreams;
  /** Everything launch wrote to stderr so far. */
  stderr(): string;
  /** Everything launch wrote to stdout so far (the ready line, once ready). */
  stdout(): string;
  /** Resolves with launch's exit code. */
  exited: Promise<number | null>;
}

/** Starts `weboperator launch` (headless, or headed in the headed project) on a private profile, socket and config dir under `root`. */
export function spawnLaunch(root: string, env: NodeJS.ProcessEnv, extraArgs: readonly string[] = []): LaunchProcess {
  const args = [
    "launch",
    testHeadless() ? "--headless" : "--headed",
    "--user-data-dir",
    join(root, "profile"),
    "--socket",
    join(root, "bridge.sock"),
    "--config-dir",
    join(root, "config"),
    ...extraArgs,
  ];
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ["pipe", "pipe", "pipe"], env });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, stderr: () => stderr, stdout: () => stdout, exited };
}

/** The ready line, or a rejection carrying launch's stderr if it exits first. */
export function readyLine(launch: LaunchProcess): Promise<ReadyLine> {
  return new Promise((resolve, reject) => {
    createInterface({ input: launch.child.stdout }).once("line", (line) => resolve(JSON.parse(line) as ReadyLine));
    void launch.exited.then((code) => reject(new Error(`launch exited early with ${code}: ${launch.stderr()}`)));
  });
}

export { isAlive } from "../../agent-client/launch/launchedBridges.js";
