import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EXTENSION_ORIGIN, NATIVE_HOST_NAME } from "../../protocol/constants.js";
import { checkBrowser } from "../../agent-client/doctor/browserCheck.js";
import { checkBridge, extensionCheck } from "../../agent-client/doctor/bridgeCheck.js";
import { checkHostManifests } from "../../agent-client/doctor/hostManifestCheck.js";
import { readLauncherEnv } from "../../agent-client/doctor/launcherEnv.js";
import { checkTokenFile } from "../../agent-client/doctor/tokenFileCheck.js";
import type { ResolvedToken } from "../../bridge/config/token.js";
import { hostManifest, launcherScript } from "../../bridge/install/hostRegistration.js";
import { browserById } from "../../bridge/install/chromiumBrowsers.js";

const FIX = "weboperator install --user-data-dir /p";
let root: string;
let hostDir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "weboperator-doctor-"));
  hostDir = join(root, "NativeMessagingHosts");
  mkdirSync(hostDir);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function writeLauncher(body = launcherScript(process.execPath, process.execPath, {})): string {
  const launcher = join(root, "weboperator-host.sh");
  writeFileSync(launcher, body, { mode: 0o755 });
  return launcher;
}

function writeManifest(manifest: Record<string, unknown>): void {
  writeFileSync(join(hostDir, `${NATIVE_HOST_NAME}.json`), JSON.stringify(manifest));
}

describe("checkHostManifests", () => {
  it("fails with the install command when no manifest exists", () => {
    const [check, ...rest] = checkHostManifests([hostDir], FIX);
    expect(rest).toEqual([]);
    expect(check).toMatchObject({ ok: false, fix: FIX });
    expect(check?.detail).toContain("not installed");
  });

  it("fails when the manifest points at a missing executable", () => {
    writeManifest(hostManifest(join(root, "gone.sh")));
    const [check] = checkHostManifests([hostDir], FIX);
    expect(check).toMatchObject({ ok: false, fix: FIX });
    expect(check?.detail).toContain("does not exist");
  });

  it("fails with a chmod fix when the launcher is not executable", () => {
    const launcher = writeLauncher();
    chmodSync(launcher, 0o644);
    writeManifest(hostManifest(launcher));
    const [check] = checkHostManifests([hostDir], FIX);
    expect(check).toMatchObject({ ok: false, fix: `chmod 755 ${launcher}` });
  });

  it("fails when the launcher runs a bridge build that is gone", () => {
    writeManifest(hostManifest(writeLauncher(launcherScript(process.execPath, join(root, "dist/main.js"), {}))));
    const [check] = checkHostManifests([hostDir], FIX);
    expect(check).toMatchObject({ ok: false, fix: `npm run build && ${FIX}` });
  });

  it("fails when our extension is not an allowed origin", () => {
    writeManifest({ ...hostManifest(writeLauncher()), allowed_origins: ["chrome-extension://someoneelse/"] });
    const [check] = checkHostManifests([hostDir], FIX);
    expect(check).toMatchObject({ ok: false, fix: FIX });
    expect(check?.detail).toContain(EXTENSION_ORIGIN);
  });

  it("fails on a manifest that is not JSON", () => {
    writeFileSync(join(hostDir, `${NATIVE_HOST_NAME}.json`), "{");
    expect(checkHostManifests([hostDir], FIX)[0]).toMatchObject({ ok: false });
  });

  it("passes on what installHost writes", () => {
    writeManifest(hostManifest(writeLauncher()));
    expect(checkHostManifests([join(root, "absent"), hostDir], FIX)).toEqual([expect.objectContaining({ ok: true, fix: null })]);
  });
});

describe("checkTokenFile", () => {
  const fromFile = (file: string): ResolvedToken => ({ token: null, source: "file", file });

  it("fails when missing", () => {
    expect(checkTokenFile(fromFile(join(root, "token")), FIX)).toMatchObject({ ok: false, fix: FIX });
  });

  it("passes when missing but WEBOPERATOR_API_TOKEN is what is used", () => {
    const check = checkTokenFile({ token: "env-token", source: "env", file: join(root, "token") }, FIX);
    expect(check).toMatchObject({ ok: true });
    expect(check.detail).toContain("WEBOPERATOR_API_TOKEN");
  });

  it("fails on 0644 with the exact chmod", () => {
    const file = join(root, "token");
    writeFileSync(file, "secret\n", { mode: 0o644 });
    chmodSync(file, 0o644);
    const check = checkTokenFile(fromFile(file), FIX);
    expect(check).toMatchObject({ ok: false, fix: `chmod 600 ${file}` });
    expect(check.detail).toContain("0644");
  });

  it("passes on 0600", () => {
    const file = join(root, "token");
    writeFileSync(file, "secret\n", { mode: 0o600 });
    chmodSync(file, 0o600);
    expect(checkTokenFile(fromFile(file), FIX)).toMatchObject({ ok: true, fix: null });
  });

  it("fails on an empty 0600 file", () => {
    const file = join(root, "token");
    writeFileSync(file, "", { mode: 0o600 });
    chmodSync(file, 0o600);
    expect(checkTokenFile(fromFile(file), FIX)).toMatchObject({ ok: false });
  });
});

describe("other checks", () => {
  it("checkBrowser", () => {
    expect(checkBrowser({ path: "/usr/bin/chromium", browser: browserById("chromium") ?? null })).toMatchObject({
      ok: true,
      detail: "Chromium (/usr/bin/chromium), the one `weboperator launch` starts",
    });
    expect(checkBrowser({ path: "/opt/x/chrome", browser: null }).detail).toMatch(/^\/opt\/x\/chrome, /);
    expect(checkBrowser(null).fix).toContain("CHROME_PATH");
  });

  it("checkBridge fails cleanly when nothing listens", async () => {
    const [bridge, extension] = await checkBridge(
      {
        socketPath: join(root, "none.sock"),
        token: { token: "t", source: "explicit", file: join(root, "token") },
        env: {},
      },
      { platform: "linux", env: {} },
    );
    expect(bridge).toMatchObject({ ok: false });
    expect(bridge?.fix).toContain("weboperator launch");
    expect(extension).toMatchObject({ ok: false });
  });

  it("extensionCheck reads health.extension.connected", () => {
    const health = {
      ok: true,
      protocolVersion: 1,
      bridge: { version: "0.1.0", pid: 1, socket: "/s", uptimeMs: 1, authRequired: true, agentConnections: 1 },
      agents: [],
      extension: { connected: false, version: null, connectedAt: null, disconnectedAt: "2025-01-01T00:00:00Z" },
    };
    expect(extensionCheck(health)).toMatchObject({ ok: false });
    expect(extensionCheck({ ...health, extension: { ...health.extension, connected: true, version: "0.1.0" } })).toMatchObject({
      ok: true,
    });
  });

  it("reads the variables a launcher bakes in", () => {
    const launcher = writeLauncher(
      launcherScript("/n", "/b", { WEBOPERATOR_AGENT_SOCKET: "/tmp/it's.sock", WEBOPERATOR_CONFIG_DIR: "/c" }),
    );
    expect(readLauncherEnv(launcher)).toEqual({ WEBOPERATOR_AGENT_SOCKET: "/tmp/it's.sock", WEBOPERATOR_CONFIG_DIR: "/c" });
  });
});
