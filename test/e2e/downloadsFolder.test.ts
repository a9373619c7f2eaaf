import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchWebOperator, type LaunchedWebOperator } from "../../agent-client/launch/launchWebOperator.js";
import { WebOperatorClient } from "../../agent-client/client.js";
import { startFixtureServer, type FixtureServer } from "../helpers/fixtureServer.js";
import { testHeadless } from "../helpers/browserMode.js";
import { findRef } from "../helpers/webOperatorSession.js";

/**
 * `weboperator launch` with no WEBOPERATOR_DOWNLOADS_DIR: one Downloads folder, inside the
 * launched profile, for what the browser downloads and for the side panel's attachments
 * (which the bridge writes under weboperator-attachments/ of the folder it was given).
 */
describe("one Downloads folder in a launched profile", () => {
  let root: string;
  let pages: FixtureServer;
  let launched: LaunchedWebOperator;
  let client: WebOperatorClient;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "wo-e2e-downloads-"));
    pages = await startFixtureServer();
    const env: NodeJS.ProcessEnv = { ...process.env, WEBOPERATOR_API_TOKEN: "" };
    delete env.WEBOPERATOR_DOWNLOADS_DIR;
    launched = await launchWebOperator({
      userDataDir: join(root, "profile"),
      configDir: join(root, "config"),
      socket: join(root, "bridge.sock"),
      headless: testHeadless(),
      env,
    });
    client = await WebOperatorClient.connect({ socketPath: launched.socket, token: launched.token });
  });
  afterAll(async () => {
    client?.close();
    await launched?.close();
    await pages?.close();
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  });

  it("saves the browser's downloads and tells the bridge the same folder", async () => {
    expect(launched.downloadsDir).toBe(join(root, "profile", "Downloads"));
    await client.request("browser.navigate", { url: pages.url("/diag-download.html") });
    const snapshot = (await client.request("browser.snapshot", {})).text;
    await client.request("browser.click", { ref: findRef(snapshot, "link", "Download report") });
    const saved = join(launched.downloadsDir, "diag-file.txt");
    await expect.poll(() => existsSync(saved), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => readFileSync(saved, "utf8"), { timeout: 20_000 }).toBe("WebOperator download fixture\nline two\n");
    // The bridge Chrome started resolves the panel's attachments folder from this variable.
    const bridgePid = (await client.request("bridge.health", {})).bridge.pid;
    const bridgeEnv = readFileSync(`/proc/${bridgePid}/environ`, "utf8").split("\0");
    expect(bridgeEnv).toContain(`WEBOPERATOR_DOWNLOADS_DIR=${launched.downloadsDir}`);
  });
});
