import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EXTENSION_ORIGIN, NATIVE_HOST_NAME } from "../../protocol/index.js";
import { runCli, type CliRun } from "../helpers/cliProcess.js";

/** A real `weboperator install` into a private profile, broken one way per test, then `weboperator doctor`. */
describe("doctor names each broken install and its fix", () => {
  let root: string;
  let profile: string;
  let config: string;
  let socket: string;
  let manifestFile: string;
  const env = (): NodeJS.ProcessEnv => ({ ...process.env, WEBOPERATOR_API_TOKEN: "" });
  const where = (): string[] => ["--user-data-dir", profile, "--config-dir", config, "--socket", socket];
  const doctor = (extraEnv: NodeJS.ProcessEnv = {}): Promise<CliRun> => runCli(["doctor", ...where()], { ...env(), ...extraEnv });
  const launcher = (): string => (JSON.parse(readFileSync(manifestFile, "utf8")) as { path: string }).path;
  /** The ✗ line for `name` and the fix line under it. */
  const failure = (run: CliRun, name: string): { detail: string; fix: string } => {
    const lines = run.stdout.split("\n");
    const index = lines.findIndex((line) => line.startsWith(`✗ ${name}:`));
    if (index < 0) throw new Error(`doctor reported no failed "${name}":\n${run.stdout}${run.stderr}`);
    return { detail: lines[index] ?? "", fix: (lines[index + 1] ?? "").trim() };
  };
  /** A socket file (0600, as a bridge makes it) left by a listener killed with SIGKILL: nobody answers on it. */
  const leaveStaleSocket = async (): Promise<void> => {
    const listener = spawn(
      process.execPath,
      ["-e", `process.umask(0o177); require("node:net").createServer().listen(${JSON.stringify(socket)}, () => console.log("up"))`],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve) => listener.stdout.once("data", () => resolve()));
    listener.kill("SIGKILL");
    await new Promise((resolve) => listener.once("exit", resolve));
  };

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), "wo-doctor-"));
    profile = join(root, "profile");
    config = join(root, "config");
    socket = join(root, "bridge.sock");
    manifestFile = join(profile, "NativeMessagingHosts", `${NATIVE_HOST_NAME}.json`);
    const install = await runCli(["install", ...where()], env());
    expect(install.status).toBe(0);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("passes the install checks on an intact install, running the launcher as Chrome would", async () => {
    const run = await doctor();
    expect(run.stdout).toMatch(/✓ host manifest: /);
    expect(run.stdout).toMatch(/✓ launcher runs: .*"probe":"weboperator-bridge"/);
    expect(run.stdout).toMatch(/✓ token file: /);
  });

  it("a host manifest pointing to a missing launcher", async () => {
    unlinkSync(launcher());
    const run = await doctor();
    expect(run.status).toBe(1);
    const { detail, fix } = failure(run, "host manifest");
    expect(detail).toContain(`points at ${launcher()}, which does not exist`);
    expect(fix).toBe(`fix: weboperator install --user-data-dir ${profile} --config-dir ${config} --socket ${socket}`);
  });

  it("a launcher that is not executable", async () => {
    chmodSync(launcher(), 0o644);
    const run = await doctor();
    expect(failure(run, "host manifest").detail).toContain("which is not an executable file");
    expect(failure(run, "host manifest").fix).toBe(`fix: chmod 755 ${launcher()}`);
  });

  it("allowed_origins without our extension", async () => {
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, unknown>;
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, allowed_origins: ["chrome-extension://aaaabbbbccccddddeeeeffffgggghhhh/"] }));
    const run = await doctor();
    expect(failure(run, "host manifest").detail).toContain(`allowed_origins does not contain ${EXTENSION_ORIGIN}`);
    expect(failure(run, "host manifest").fix).toMatch(/^fix: weboperator install /);
  });

  it("node missing from the launcher's PATH", async () => {
    // A hand-edited (or nvm-era) launcher that runs `node` by name, started by a Chrome whose PATH lacks it.
    const lines = readFileSync(launcher(), "utf8").trimEnd().split("\n");
    const last = (lines.pop() ?? "").replace(/^'[^']+'/, "node");
    writeFileSync(launcher(), `${[...lines, last].join("\n")}\n`);
    const run = await doctor({ PATH: "/nonexistent/bin" });
    const { detail, fix } = failure(run, "launcher runs");
    expect(detail).toContain("cannot find node (PATH=/nonexistent/bin)");
    expect(fix).toContain("writes that node's absolute path into the launcher");
  });

  it("a token file others may read", async () => {
    chmodSync(join(config, "token"), 0o644);
    const run = await doctor();
    expect(failure(run, "token file").detail).toContain("has mode 0644; others may read the token");
    expect(failure(run, "token file").fix).toBe(`fix: chmod 600 ${join(config, "token")}`);
  });

  it("a socket owned by another user", async () => {
    await leaveStaleSocket();
    chownSync(socket, 65534, 65534);
    const run = await doctor();
    const { detail, fix } = failure(run, "bridge socket");
    expect(detail).toContain(`${socket} belongs to another user (uid 65534) (nobody)`);
    expect(fix).toContain(`sudo rm ${socket}`);
    expect(fix).toContain("weboperator install --socket");
  });

  it("a stale socket", async () => {
    await leaveStaleSocket();
    const run = await doctor();
    const { detail, fix } = failure(run, "bridge socket");
    expect(detail).toContain(`stale socket: ${socket} exists but no bridge listens on it`);
    expect(fix).toMatch(new RegExp(`^fix: rm ${socket}, then start Chrome`));
  });
});
