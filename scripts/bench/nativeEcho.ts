import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { builtExtensionDir } from "../../bridge/install/projectLayout.js";
import { EXTENSION_ORIGIN, NATIVE_HOST_NAME } from "../../protocol/constants.js";
import { findBrowser } from "../../agent-client/launch/findBrowser.js";
import { OFFLINE_SAFE_CHROMIUM_FLAGS } from "../../agent-client/launch/chromiumFlags.js";

/** The echo worker: connect, and post every message straight back. */
const ECHO_WORKER = `const port = chrome.runtime.connectNative(${JSON.stringify(NATIVE_HOST_NAME)});
port.onMessage.addListener((message) => port.postMessage(message));
`;

/**
 * Chrome's own share of a native-port round trip: a tiny MV3 extension whose service worker
 * echoes, and a tiny host (nativeEchoHost.ts) that times each message out and back, in the
 * same Chromium, flags and headless mode as the benchmarks. The extension borrows our
 * manifest's key only so the host manifest's allowed origin is the one we already know;
 * it runs in its own profile, never beside our extension.
 */
export async function measureNativeEcho(
  count: number,
  sizes: readonly number[],
  { headless = true }: { headless?: boolean } = {},
): Promise<Record<string, number[]>> {
  const root = mkdtempSync(join(tmpdir(), "wo-echo-"));
  try {
    const extension = join(root, "extension");
    mkdirSync(extension);
    const ours = JSON.parse(readFileSync(join(builtExtensionDir(), "manifest.json"), "utf8")) as { key: string };
    const manifest = {
      manifest_version: 3,
      name: "native echo",
      version: "1.0",
      key: ours.key,
      background: { service_worker: "worker.js" },
      permissions: ["nativeMessaging"],
    };
    writeFileSync(join(extension, "manifest.json"), JSON.stringify(manifest));
    writeFileSync(join(extension, "worker.js"), ECHO_WORKER);

    const profile = join(root, "profile");
    const hosts = join(profile, "NativeMessagingHosts");
    mkdirSync(hosts, { recursive: true });
    const results = join(root, "results.json");
    const hostEntry = join(dirname(fileURLToPath(import.meta.url)), "nativeEchoHost.js");
    const launcher = join(hosts, "echo-host.sh");
    writeFileSync(launcher, `#!/bin/sh\nexec '${process.execPath}' '${hostEntry}' '${results}' ${count} ${sizes.join(" ")}\n`, {
      mode: 0o755,
    });
    writeFileSync(
      join(hosts, `${NATIVE_HOST_NAME}.json`),
      JSON.stringify({ name: NATIVE_HOST_NAME, description: "echo", path: launcher, type: "stdio", allowed_origins: [EXTENSION_ORIGIN] }),
    );

    const context = await chromium.launchPersistentContext(profile, {
      executablePath: findBrowser() ?? "/usr/bin/chromium",
      headless,
      args: [...OFFLINE_SAFE_CHROMIUM_FLAGS, `--disable-extensions-except=${extension}`, `--load-extension=${extension}`],
    });
    try {
      const deadline = Date.now() + 120_000;
      while (!existsSync(results)) {
        if (Date.now() > deadline) throw new Error("the native echo never finished (did Chromium start the echo host?)");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return JSON.parse(readFileSync(results, "utf8")) as Record<string, number[]>;
    } finally {
      await context.close();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
