import { afterAll, describe, expect } from "vitest";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebOperatorClient } from "../../agent-client/client.js";
import { readBridgePids } from "../../agent-client/launch/launchedBridges.js";
import { WebOperatorError } from "../../protocol/index.js";
import { isAlive, readyLine, spawnLaunch, type LaunchProcess } from "../helpers/cliProcess.js";
import { childPids, processesMentioning } from "../helpers/processTree.js";
import { sessionTest } from "../helpers/sessionTest.js";
import { stopExtensionWorker } from "../helpers/extensionWorker.js";

async function errorOf(promise: Promise<unknown>): Promise<WebOperatorError> {
  const outcome = await promise.then(
    () => new Error("the command succeeded although its worker or bridge was killed"),
    (error: unknown) => error,
  );
  if (!(outcome instanceof WebOperatorError)) throw outcome;
  return outcome;
}

/** The bridge that answers on `socket` now, polled until it answers with the extension connected. */
async function connectedBridgePid(socket: string, token: string): Promise<number> {
  for (;;) {
    try {
      const client = await WebOperatorClient.connect({ socketPath: socket, token });
      try {
        const health = await client.request("bridge.health", {}, { timeoutMs: 2_000 });
        if (health.extension.connected) return health.bridge.pid;
      } finally {
        client.close();
      }
    } catch {
      // Not up yet.
    }
    await new Promise((done) => setTimeout(done, 20));
  }
}

const it = sessionTest();

describe("faults inside a running WebOperator", () => {
  it("fails the command a killed service worker was running, then reconnects once the worker wakes", async ({ session }) => {
    const { tabId } = await session.client.request("browser.navigate", { url: session.pages.url("/chain.html") });
    const inFlight = errorOf(
      session.client.request("browser.navigate", { url: session.pages.url("/slow?ms=5000"), tabId }, { timeoutMs: 20_000 }),
    );
    await new Promise((done) => setTimeout(done, 300));
    const killedAt = Date.now();
    await stopExtensionWorker(session.launched.browser);
    const error = await inFlight;
    expect(error.code).toBe("extension_disconnected");
    expect(error.message).toContain("not connected");
    // A tab event wakes the worker (so do the keepalive alarm and the next Chrome event).
    const page = await session.launched.browser.newPage();
    const wokenAt = Date.now();
    await page.goto(session.pages.url("/page?html=<title>wake</title>"));
    await expect
      .poll(async () => (await session.client.request("bridge.health", {})).extension.connected, { timeout: 30_000, interval: 20 })
      .toBe(true);
    const reconnectedAt = Date.now();
    console.log(
      `service worker: killed -> connected ${reconnectedAt - killedAt} ms; wake event -> connected ${reconnectedAt - wokenAt} ms`,
    );
    await page.close();
    expect((await session.client.request("browser.snapshot", { tabId })).text).toContain("# Page Snapshot");
  });

  it("gives a client a clean error when the bridge is killed mid-request; Chrome's next connect starts a new bridge", async ({
    session,
  }) => {
    const socket = session.launched.socket;
    const oldPid = (await session.client.request("bridge.health", {})).bridge.pid;
    const client = await session.connect();
    // A new agent works in a tab of its own; the new bridge's agent may act in it once the old bridge's agents are gone.
    const { tabId } = await client.request("browser.tab_open", { url: session.pages.url("/chain.html") });
    const inFlight = errorOf(client.request("browser.navigate", { url: session.pages.url("/slow?ms=5000"), tabId }, { timeoutMs: 20_000 }));
    await new Promise((done) => setTimeout(done, 300));
    const killedAt = Date.now();
    process.kill(oldPid, "SIGKILL");
    const error = await inFlight;
    expect(error.code).toBe("extension_disconnected");
    expect(error.message).toContain("the bridge stopped or crashed");
    const newPid = await connectedBridgePid(socket, session.launched.token);
    console.log(`bridge: kill -9 -> new bridge serving with the extension connected ${Date.now() - killedAt} ms`);
    expect(newPid).not.toBe(oldPid);
    expect(isAlive(oldPid)).toBe(false);
    const fresh = await session.connect();
    await fresh.request("browser.navigate", { url: session.pages.url("/chain.html"), tabId });
    expect((await fresh.request("browser.snapshot", { tabId })).text).toContain("Place order");
  });
});

/** Nothing of this launch may survive it: no Chrome, no bridge, no socket. */
function expectNothingLeft(root: string): void {
  expect(processesMentioning(root)).toEqual([]);
  expect(readBridgePids(join(root, "profile", "weboperator-bridges.pid")).filter(isAlive)).toEqual([]);
  expect(existsSync(join(root, "bridge.sock"))).toBe(false);
}

describe("faults around `weboperator launch`", () => {
  const roots: string[] = [];
  const launches: LaunchProcess[] = [];
  const start = (): { root: string; launch: LaunchProcess } => {
    const root = mkdtempSync(join(tmpdir(), "wo-fault-"));
    const launch = spawnLaunch(root, { ...process.env, WEBOPERATOR_API_TOKEN: "" });
    roots.push(root);
    launches.push(launch);
    return { root, launch };
  };
  afterAll(() => {
    for (const launch of launches) launch.child.kill("SIGKILL");
    for (const root of roots) {
      for (const pid of processesMentioning(root)) process.kill(pid, "SIGKILL");
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("exits with a message when Chrome is killed during start-up, leaving nothing behind", async () => {
    const { root, launch } = start();
    let chrome: number | undefined;
    while (chrome === undefined) {
      chrome = childPids(launch.child.pid ?? -1)[0];
      if (chrome === undefined) await new Promise((done) => setTimeout(done, 10));
    }
    process.kill(chrome, "SIGKILL");
    expect(await launch.exited).toBe(1);
    expect(launch.stderr()).toMatch(/launch failed: .*(browser exited|Failed to launch|closed)/i);
    expectNothingLeft(root);
  });

  it("exits with a message when Chrome is killed after ready, leaving no socket or bridge", async () => {
    const { root, launch } = start();
    const ready = await readyLine(launch);
    process.kill(ready.pid, "SIGKILL");
    expect(await launch.exited).toBe(1);
    expect(launch.stderr()).toContain("the browser exited; WebOperator stopped");
    expect(isAlive(ready.bridgePid)).toBe(false);
    expectNothingLeft(root);
  });

  it("still stops on SIGTERM after a kill -9 of the bridge made Chrome start a new one", async () => {
    const { root, launch } = start();
    const ready = await readyLine(launch);
    process.kill(ready.bridgePid, "SIGKILL");
    const token = readFileSync(ready.tokenFile, "utf8").trim();
    const newPid = await connectedBridgePid(ready.socket, token);
    expect(newPid).not.toBe(ready.bridgePid);
    launch.child.kill("SIGTERM");
    expect(await launch.exited).toBe(0);
    expect(isAlive(newPid)).toBe(false);
    expectNothingLeft(root);
  });
});
