import { describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isAlive, readyLine, runCli, spawnLaunch, type LaunchProcess, type ReadyLine } from "../helpers/cliProcess.js";

async function stopAndExpectNothingLeft(launch: LaunchProcess, ready: ReadyLine): Promise<void> {
  launch.child.kill("SIGTERM");
  expect(await launch.exited).toBe(0);
  expect(existsSync(ready.socket)).toBe(false);
  expect(isAlive(ready.bridgePid)).toBe(false);
}

/**
 * The seed's own example: `WEBOPERATOR_API_TOKEN=dev-token weboperator launch --headless`,
 * then CLI commands with that token; and the same with only the token file.
 */
describe("one token resolution for launch, the bridge, the CLI and doctor", () => {
  it("uses WEBOPERATOR_API_TOKEN over the token file everywhere", async () => {
    const root = mkdtempSync(join(tmpdir(), "wo-token-env-"));
    const launchEnv = { ...process.env, WEBOPERATOR_API_TOKEN: "dev-token" };
    const launch = spawnLaunch(root, launchEnv);
    try {
      const ready = await readyLine(launch);
      expect(ready.tokenSource).toBe("env");
      // The token file exists (install made it) but holds another token: the environment must win.
      expect(readFileSync(ready.tokenFile, "utf8").trim()).not.toBe("dev-token");
      const cliEnv = {
        ...process.env,
        WEBOPERATOR_AGENT_SOCKET: ready.socket,
        WEBOPERATOR_CONFIG_DIR: ready.configDir,
        WEBOPERATOR_API_TOKEN: "dev-token",
      };
      const health = await runCli(["health"], cliEnv);
      expect(health.stderr).toBe("");
      expect(health.status).toBe(0);
      const tabs = await runCli([JSON.stringify({ type: "browser.tabs_list", payload: {} })], cliEnv);
      expect(tabs.status).toBe(0);
      const doctor = await runCli(["doctor", "--user-data-dir", ready.userDataDir, "--config-dir", ready.configDir], cliEnv);
      expect(doctor.stdout).toContain("token from WEBOPERATOR_API_TOKEN accepted");
      expect(doctor.status).toBe(0);
      // Only the token file: the bridge expects dev-token, so the file's token is refused, and says where it came from.
      const fileOnly = await runCli(["health"], { ...cliEnv, WEBOPERATOR_API_TOKEN: "" });
      expect(fileOnly.status).toBe(1);
      expect(fileOnly.stderr).toContain("unauthorized");
      const explicit = await runCli(["health", "--token", "dev-token"], { ...cliEnv, WEBOPERATOR_API_TOKEN: "" });
      expect(explicit.status).toBe(0);

      await stopAndExpectNothingLeft(launch, ready);
    } finally {
      launch.child.kill("SIGKILL");
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("uses the token file when WEBOPERATOR_API_TOKEN is unset", async () => {
    const root = mkdtempSync(join(tmpdir(), "wo-token-file-"));
    const launchEnv: NodeJS.ProcessEnv = { ...process.env };
    delete launchEnv.WEBOPERATOR_API_TOKEN;
    const launch = spawnLaunch(root, launchEnv);
    try {
      const ready = await readyLine(launch);
      expect(ready.tokenSource).toBe("file");
      const cliEnv: NodeJS.ProcessEnv = { ...launchEnv, WEBOPERATOR_AGENT_SOCKET: ready.socket, WEBOPERATOR_CONFIG_DIR: ready.configDir };
      const health = await runCli(["health"], cliEnv);
      expect(health.status).toBe(0);
      const doctor = await runCli(["doctor", "--user-data-dir", ready.userDataDir, "--config-dir", ready.configDir], cliEnv);
      expect(doctor.stdout).toContain(`token from the token file ${ready.tokenFile} accepted`);
      expect(doctor.status).toBe(0);
      // A stray environment token wins over the file, so it is what the bridge sees, and refuses.
      const wrongEnv = await runCli(["health"], { ...cliEnv, WEBOPERATOR_API_TOKEN: "not-the-token" });
      expect(wrongEnv.status).toBe(1);
      expect(wrongEnv.stderr).toContain("unauthorized");

      await stopAndExpectNothingLeft(launch, ready);
    } finally {
      launch.child.kill("SIGKILL");
      rmSync(root, { recursive: true, force: true });
    }
  });
});
