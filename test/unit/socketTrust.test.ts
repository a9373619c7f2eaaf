import { describe, expect, it } from "vitest";
import { createServer } from "node:net";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { untrustedSocketReason } from "../../bridge/config/socketTrust.js";

async function listen(path: string): Promise<() => void> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return () => server.close();
}

describe("socket trust", () => {
  const dir = mkdtempSync(join(tmpdir(), "wo-trust-"));

  it("trusts a missing path and our own 0600 socket", async () => {
    expect(untrustedSocketReason(join(dir, "none.sock"))).toBeNull();
    const path = join(dir, "own.sock");
    const close = await listen(path);
    chmodSync(path, 0o600);
    expect(untrustedSocketReason(path)).toBeNull();
    close();
  });

  it("refuses a socket other users can reach, and a non-socket", async () => {
    const path = join(dir, "open.sock");
    const close = await listen(path);
    chmodSync(path, 0o666);
    expect(untrustedSocketReason(path)).toMatch(/accessible to other users/);
    close();
    const file = join(dir, "file.sock");
    writeFileSync(file, "");
    expect(untrustedSocketReason(file)).toMatch(/not a socket/);
  });
});
