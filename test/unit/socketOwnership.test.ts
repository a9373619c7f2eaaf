import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { existsSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claimSocket } from "../../bridge/socketOwnership.js";

function tempSocketPath(): string {
  return join(mkdtempSync(join(tmpdir(), "wo-sock-")), "bridge.sock");
}

/** Leaves a socket file behind the way a crashed bridge does: its process is SIGKILLed. */
async function leaveStaleSocket(path: string): Promise<void> {
  const child = spawn(process.execPath, ["-e", `require("net").createServer().listen(${JSON.stringify(path)}, () => console.log("up"))`], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  child.kill("SIGKILL");
  await new Promise((resolve) => child.once("exit", resolve));
}

describe("socket ownership", () => {
  it("removes a stale socket file and listens with mode 0600", async () => {
    const path = tempSocketPath();
    await leaveStaleSocket(path);
    expect(existsSync(path)).toBe(true);
    const server = createServer();
    expect(await claimSocket(server, path)).toEqual({ kind: "owned" });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    server.close();
  });

  it("never takes over a socket another process is serving", async () => {
    const path = tempSocketPath();
    const owner = createServer();
    await claimSocket(owner, path);
    const intruder = createServer();
    expect(await claimSocket(intruder, path)).toEqual({ kind: "live-elsewhere" });
    expect(intruder.listening).toBe(false);
    owner.close();
  });

  it("refuses to delete a regular file sitting at the socket path", async () => {
    const path = tempSocketPath();
    writeFileSync(path, "not a socket");
    await expect(claimSocket(createServer(), path)).rejects.toThrow(/not a socket/);
    expect(existsSync(path)).toBe(true);
  });
});
