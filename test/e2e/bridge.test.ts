import { describe, expect } from "vitest";
import { spawn } from "node:child_process";
import { connect, type Socket } from "node:net";
import { statSync } from "node:fs";
import { builtBridgeEntry } from "../../bridge/install/projectLayout.js";
import { FrameDecoder, PROTOCOL_VERSION, encodeJsonFrame } from "../../protocol/index.js";
import { WebOperatorClient } from "../../agent-client/client.js";
import { sessionTest } from "../helpers/sessionTest.js";
import { stopExtensionWorker } from "../helpers/extensionWorker.js";

/** A raw socket for sending bytes no well-behaved client would. */
async function rawConnection(path: string): Promise<{ socket: Socket; next(): Promise<unknown>; closed: Promise<void> }> {
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s = connect(path);
    s.once("connect", () => resolve(s));
    s.once("error", reject);
  });
  const decoder = new FrameDecoder(1 << 20);
  const queue: unknown[] = [];
  const waiters: Array<(value: unknown) => void> = [];
  socket.on("data", (chunk: Buffer) => {
    for (const frame of decoder.push(new Uint8Array(chunk))) {
      const value = frame.kind === "json" ? frame.value : frame;
      const waiter = waiters.shift();
      if (waiter) waiter(value);
      else queue.push(value);
    }
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return {
    socket,
    closed,
    next: () => (queue.length > 0 ? Promise.resolve(queue.shift()) : new Promise((resolve) => waiters.push(resolve))),
  };
}

// No model key: tasks.start must say which variable to set.
const it = sessionTest({ ANTHROPIC_API_KEY: "" });

describe("bridge: socket, auth and robustness (real Chromium, real bridge)", () => {
  it("reports health with the extension connected", async ({ session }) => {
    const health = await session.client.request("bridge.health", {});
    expect(health.ok).toBe(true);
    expect(health.protocolVersion).toBe(PROTOCOL_VERSION);
    expect(health.extension).toMatchObject({ connected: true, version: "0.1.0" });
    expect(health.bridge.authRequired).toBe(true);
    expect(health.bridge.socket).toBe(session.launched.socket);
  });

  it("creates the socket with mode 0600", ({ session }) => {
    expect(statSync(session.launched.socket).mode & 0o777).toBe(0o600);
  });

  it("refuses requests without a valid token, saying how to supply one", async ({ session }) => {
    const anonymous = await WebOperatorClient.connect({ socketPath: session.launched.socket, token: null });
    const wrong = await WebOperatorClient.connect({ socketPath: session.launched.socket, token: "not-the-token" });
    try {
      for (const client of [anonymous, wrong]) {
        const response = await client.send({ type: "bridge.health" });
        expect(response).toMatchObject({ code: "unauthorized" });
        expect(JSON.stringify(response)).toContain('\\"token\\" field');
        expect(await session.errorCode("browser.snapshot", {}, client)).toBe("unauthorized");
      }
    } finally {
      anonymous.close();
      wrong.close();
    }
  });

  it("answers unknown commands, bad payloads and an unconfigured task provider with typed errors", async ({ session }) => {
    const unknown = await session.client.send({ type: "browser.teleport", payload: {} });
    expect(unknown).toMatchObject({ code: "unknown_command" });
    expect(await session.errorCode("browser.click", {} as never)).toBe("bad_request");
    expect(await session.errorCode("browser.scroll", { direction: "sideways" } as never)).toBe("bad_request");
    const task = await session.client.send({ type: "tasks.start", payload: { goal: "x" } });
    expect(task).toMatchObject({ code: "provider_not_configured" });
    expect(JSON.stringify(task)).toContain("ANTHROPIC_API_KEY");
    const wrongTypes = await session.client.send({ id: "w1", type: "bridge.health", payload: [] as never });
    expect(wrongTypes).toMatchObject({ id: "w1", code: "bad_request" });
  });

  it("survives a malformed frame on one connection while another keeps working", async ({ session }) => {
    const bad = await rawConnection(session.launched.socket);
    const body = Buffer.from("{this is not json", "utf8");
    const header = Buffer.alloc(4);
    header.writeUInt32LE(body.byteLength);
    bad.socket.write(Buffer.concat([header, body]));
    expect(await bad.next()).toMatchObject({ id: null, code: "bad_request" });
    // The same connection is still in sync and usable.
    bad.socket.write(encodeJsonFrame({ id: "after", type: "bridge.health", token: session.launched.token }));
    expect(await bad.next()).toMatchObject({ id: "after", result: { ok: true } });
    // An unauthenticated oversize frame loses the framing: error, then the connection closes.
    const huge = await rawConnection(session.launched.socket);
    const hugeHeader = Buffer.alloc(4);
    hugeHeader.writeUInt32LE(1_000_000);
    huge.socket.write(hugeHeader);
    expect(await huge.next()).toMatchObject({ code: "frame_too_large" });
    await huge.closed;
    const health = await session.client.request("bridge.health", {});
    expect(health.ok).toBe(true);
    bad.socket.destroy();
  });

  it("serves many agent connections at once, each answered by id", async ({ session }) => {
    const clients = await Promise.all(Array.from({ length: 12 }, () => session.connect()));
    const results = await Promise.all(
      clients.flatMap((client) => [client.request("bridge.health", {}), client.request("bridge.health", {})]),
    );
    expect(results.every((health) => health.extension.connected)).toBe(true);
    const health = await session.client.request("bridge.health", {});
    expect(health.bridge.agentConnections).toBeGreaterThanOrEqual(13);
    for (const client of clients) client.close();
  });

  it("forwards messages over Chrome's 1 MB limit by splitting them", async ({ session }) => {
    const page = session.pages.url("/page?html=" + encodeURIComponent('<textarea aria-label="Big"></textarea>'));
    await session.client.request("browser.navigate", { url: page });
    const snapshot = await session.client.request("browser.snapshot", {});
    const ref = /textbox "Big"[^\n]*\[ref=([^\]]+)\]/.exec(snapshot.text)?.[1];
    expect(ref).toBeDefined();
    const text = "é".repeat(700_000);
    const typed = await session.client.request("browser.type", { ref: ref ?? "", text }, { timeoutMs: 60_000 });
    expect(typed.value.length).toBe(text.length);
  });

  it("times out a request that outlives its timeoutMs", async ({ session }) => {
    const started = Date.now();
    const code = await session.client.request("browser.navigate", { url: session.pages.url("/slow?ms=4000") }, { timeoutMs: 800 }).then(
      () => "succeeded",
      (error: { code?: string }) => error.code ?? "unknown",
    );
    expect(code).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("never lets a second bridge steal a live socket", async ({ session }) => {
    const second = spawn(process.execPath, [builtBridgeEntry()], {
      env: {
        ...process.env,
        WEBOPERATOR_AGENT_SOCKET: session.launched.socket,
        WEBOPERATOR_CONFIG_DIR: session.launched.configDir,
        WEBOPERATOR_API_TOKEN: "",
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    second.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => second.once("exit", resolve));
    expect(exitCode).toBe(1);
    expect(stderr).toContain("already served by another WebOperator bridge");
    const health = await session.client.request("bridge.health", {});
    expect(health.extension.connected).toBe(true);
    expect(health.bridge.pid).not.toBe(second.pid);
  });

  it("holds a request while a killed service worker comes back by itself, then answers it", async ({ session }) => {
    // A page to snapshot of its own, so the test does not lean on what earlier tests left open.
    await session.client.request("browser.navigate", { url: session.pages.url("/chain.html") });
    await stopExtensionWorker(session.launched.browser);
    // No tab event and no alarm: the extension's offscreen waker starts the worker again, and
    // the bridge sends the held request once it is back.
    const sentAt = Date.now();
    const snapshot = await session.client.request("browser.snapshot", {});
    expect(snapshot.text).toContain("# Page Snapshot");
    console.log(`snapshot sent right after the worker was killed: answered in ${Date.now() - sentAt} ms`);
    expect((await session.client.request("bridge.health", {})).extension.connected).toBe(true);
  });
});
