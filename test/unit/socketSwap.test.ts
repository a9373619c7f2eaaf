import { afterAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { createServer, connect, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebOperatorClient } from "../../agent-client/client.js";
import { checkSocket } from "../../bridge/config/socketTrust.js";

/** A listening socket that answers `name` and keeps what it is sent. */
async function socketServer(path: string, name: string): Promise<{ server: Server; received: string[] }> {
  const received: string[] = [];
  const server = createServer((connection) => {
    connection.on("data", (chunk: Buffer) => received.push(chunk.toString("latin1")));
    connection.on("error", () => undefined);
    connection.write(name);
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  chmodSync(path, 0o600);
  return { server, received };
}

const firstWords = (path: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect(path);
    socket.once("data", (chunk: Buffer) => {
      resolve(chunk.toString());
      socket.destroy();
    });
    socket.once("error", reject);
  });

const ANOTHER_USER = 4242;

describe.runIf(process.platform === "linux")("the client's socket check and its connect refer to the same file", () => {
  const dir = mkdtempSync(join(tmpdir(), "wo-swap-"));
  const servers: Server[] = [];
  afterAll(() => {
    for (const server of servers) server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("connects to the checked socket even when another is renamed over its path after the check", async () => {
    const path = join(dir, "bridge.sock");
    const intruder = join(dir, "intruder.sock");
    servers.push((await socketServer(path, "bridge")).server, (await socketServer(intruder, "intruder")).server);
    const checked = checkSocket(path);
    renameSync(intruder, path);
    try {
      expect(await firstWords(checked.connectPath)).toBe("bridge");
    } finally {
      checked.release();
    }
  });

  it("refuses another user's socket and a symlink to a good one, before connecting", async () => {
    const theirs = join(dir, "theirs.sock");
    const their = await socketServer(theirs, "theirs");
    servers.push(their.server);
    if (process.getuid?.() === 0) chownSync(theirs, ANOTHER_USER, ANOTHER_USER);
    const link = join(dir, "link.sock");
    const own = join(dir, "own.sock");
    servers.push((await socketServer(own, "own")).server);
    symlinkSync(own, link);
    for (const [path, why] of [
      ...(process.getuid?.() === 0 ? [[theirs, /belongs to another user/] as const] : []),
      [link, /symbolic link|not a socket/] as const,
    ]) {
      const refused = WebOperatorClient.connect({ socketPath: path, token: "secret-token", agent: null });
      await expect(refused).rejects.toThrow(why);
    }
    expect(their.received).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)("never sends the token to a socket swapped in while it connects, over many tries", async () => {
    const path = join(dir, "raced.sock");
    const decoy = join(dir, "decoy.sock");
    const aside = join(dir, "aside.sock");
    const bridge = await socketServer(path, "bridge");
    const attacker = await socketServer(decoy, "attacker");
    servers.push(bridge.server, attacker.server);
    chownSync(decoy, ANOTHER_USER, ANOTHER_USER);
    // Another process swaps the attacker's socket in and out as fast as it can, as a user who
    // can rename entries in the folder would.
    const swap = `const fs = require("node:fs"); const [p, d, a] = process.argv.slice(1);
      for (;;) { try { fs.renameSync(p, a); fs.renameSync(d, p); fs.renameSync(p, d); fs.renameSync(a, p); } catch {} }`;
    const swapper = spawn(process.execPath, ["-e", swap, path, decoy, aside], { stdio: "ignore" });
    let connected = 0;
    try {
      for (let attempt = 0; attempt < 150; attempt++) {
        const client = await WebOperatorClient.connect({ socketPath: path, token: "secret-token", agent: null }).catch(() => null);
        if (client === null) continue;
        connected++;
        void client.request("bridge.health", {}).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 2));
        client.close();
      }
    } finally {
      swapper.kill();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connected).toBeGreaterThan(0);
    expect(attacker.received.join("")).not.toContain("secret-token");
  });
});
