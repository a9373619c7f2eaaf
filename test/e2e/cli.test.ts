import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { EXTENSION_ORIGIN } from "../../protocol/index.js";
import { BIN, runCli, type CliRun } from "../helpers/cliProcess.js";
import { startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { setUserPolicy } from "../helpers/userPolicy.js";

describe("the weboperator CLI against the real chain", () => {
  let session: WebOperatorSession;
  let env: NodeJS.ProcessEnv;
  // Asynchronous on purpose: the fixture server lives in this process and must keep serving.
  const cli = (...args: string[]): Promise<CliRun> => runCli(args, env);

  beforeAll(async () => {
    session = await startWebOperatorSession();
    // The friendly verbs send chain.html's order form (a purchase and a submit); gatekeeper.test.ts covers confirmations.
    await setUserPolicy(session, { confirm: { purchase: false, submit: false } });
    // Socket and token come from the environment and the token file, as for a real user.
    env = {
      ...process.env,
      WEBOPERATOR_AGENT_SOCKET: session.launched.socket,
      WEBOPERATOR_CONFIG_DIR: session.launched.configDir,
      WEBOPERATOR_API_TOKEN: "",
    };
  });
  afterAll(async () => {
    await session?.close();
  });

  it("sends a raw JSON request, filling in id and the token from the token file", async () => {
    const run = await cli('{"type":"bridge.health"}');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ result: { ok: true, extension: { connected: true } } });
  });

  it("drives a page with the friendly verbs", async () => {
    const navigated = await cli("navigate", session.pages.url("/chain.html"));
    expect(navigated.stderr).toBe("");
    expect(navigated.status).toBe(0);
    const snapshot = await cli("snapshot");
    expect(snapshot.stderr).toBe("");
    expect(snapshot.status).toBe(0);
    expect(snapshot.stdout).toContain("# Page Snapshot");
    const ref = (role: string, name: string): string => {
      const match = new RegExp(`${role} "${name}"[^\\n]*\\[ref=([^\\]]+)\\]`).exec(snapshot.stdout);
      if (!match?.[1]) throw new Error(`no ${role} ${name}`);
      return match[1];
    };
    expect((await cli("type", ref("textbox", "Full name"), "Grace Hopper")).status).toBe(0);
    expect((await cli("click", ref("checkbox", "Gift wrap"))).status).toBe(0);
    expect((await cli("press", "Enter", ref("textbox", "Full name"))).status).toBe(0);
    expect((await cli("scroll", "down", "100")).status).toBe(0);
    const extract = await cli("extract");
    expect(extract.status).toBe(0);
    expect(extract.stdout).toContain("Ordered for Grace Hopper (gift: yes)");
    const file = join(mkdtempSync(join(tmpdir(), "wo-shot-")), "page.png");
    expect((await cli("screenshot", "-o", file)).status).toBe(0);
    expect(readFileSync(file).subarray(1, 4).toString("latin1")).toBe("PNG");
  });

  it("prints typed errors and exits 1; usage errors and an unreachable bridge exit 2", async () => {
    const stale = await cli("click", "sabcde_1_1");
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain("error [stale_ref] (stage: stale_ref):");
    const raw = await cli('{"type":"browser.teleport"}');
    expect(raw.status).toBe(1);
    expect(JSON.parse(raw.stdout)).toMatchObject({ code: "unknown_command" });
    expect((await cli("scroll", "sideways")).status).toBe(2);
    const unreachable = await runCli(["--socket", "/tmp/no-such-weboperator.sock", "health"], env);
    expect(unreachable.status).toBe(2);
    expect(unreachable.stderr).toContain("weboperator doctor");
  });

  it("refuses a wrong token", async () => {
    const run = await cli("--token", "wrong", "health");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("unauthorized");
  });

  it("doctor passes every check for the launched profile", async () => {
    const run = await cli("doctor", "--user-data-dir", session.launched.userDataDir);
    expect(run.stdout).not.toContain("✗");
    expect(run.status).toBe(0);
  });
});

describe("weboperator install and launch", () => {
  it("install --user-data-dir writes the host manifest, an absolute launcher, and a 0600 token file", () => {
    const root = mkdtempSync(join(tmpdir(), "wo-install-"));
    const run = spawnSync(
      process.execPath,
      [BIN, "install", "--user-data-dir", join(root, "profile"), "--config-dir", join(root, "config")],
      { encoding: "utf8" },
    );
    expect(run.status).toBe(0);
    const manifest = JSON.parse(readFileSync(join(root, "profile", "NativeMessagingHosts", "com.weboperator.bridge.json"), "utf8")) as {
      path: string;
      allowed_origins: string[];
    };
    expect(manifest.allowed_origins).toEqual([EXTENSION_ORIGIN]);
    expect(manifest.path.startsWith("/")).toBe(true);
    expect(statSync(manifest.path).mode & 0o111).not.toBe(0);
    expect(readFileSync(manifest.path, "utf8")).toContain(process.execPath);
    expect(statSync(join(root, "config", "token")).mode & 0o777).toBe(0o600);
    rmSync(root, { recursive: true, force: true });
  });

  it("launch prints one JSON line once ready and cleans up on SIGTERM", async () => {
    const root = mkdtempSync(join(tmpdir(), "wo-launch-"));
    const socket = join(root, "bridge.sock");
    const child = spawn(
      process.execPath,
      [BIN, "launch", "--headless", "--user-data-dir", join(root, "profile"), "--socket", socket, "--config-dir", join(root, "config")],
      {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, WEBOPERATOR_API_TOKEN: "" },
      },
    );
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once("line", resolve);
      child.once("exit", (code) => reject(new Error(`launch exited early with ${code}`)));
    });
    const ready = JSON.parse(firstLine) as { socket: string; pid: number; configDir: string };
    expect(ready.socket).toBe(socket);
    expect(ready.pid).toBeGreaterThan(0);
    const health = await runCli(["health"], {
      ...process.env,
      WEBOPERATOR_AGENT_SOCKET: socket,
      WEBOPERATOR_CONFIG_DIR: ready.configDir,
      WEBOPERATOR_API_TOKEN: "",
    });
    expect(health.status).toBe(0);
    expect(health.stdout).toMatch(/"connected":\s*true/);
    child.kill("SIGTERM");
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(0);
    await expect.poll(() => existsSync(socket), { timeout: 5_000 }).toBe(false);
    expect(() => process.kill(ready.pid, 0)).toThrow();
    rmSync(root, { recursive: true, force: true });
  });
});
