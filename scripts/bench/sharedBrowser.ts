import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { WebOperatorClient } from "../../agent-client/client.js";
import { builtExtensionDir } from "../../bridge/install/projectLayout.js";
import { installHost } from "../../bridge/install/hostRegistration.js";
import { readTokenFile } from "../../bridge/config/token.js";
import { findBrowser } from "../../agent-client/launch/findBrowser.js";
import { OFFLINE_SAFE_CHROMIUM_FLAGS } from "../../agent-client/launch/chromiumFlags.js";

export interface SharedBrowser {
  client: WebOperatorClient;
  /** Where more agents connect, with this token. */
  socket: string;
  token: string | null;
  context: BrowserContext;
  /** The Playwright page of the tab our last browser.navigate answered for. */
  pageAt(url: string): Page;
  /** The same, once Playwright has caught up: its view of a tab's URL can lag our navigate's answer. */
  waitForPage(url: string): Promise<Page>;
  close(): Promise<void>;
}

/**
 * One Chromium driven both ways: Playwright launches it (so its calls run on the very
 * tabs we use) with our extension loaded, and the bridge Chrome starts serves our socket.
 * Every host but 127.0.0.1 and localhost (a second origin, for cross-origin frames) fails at once: real pages name ad and font hosts this offline
 * machine cannot reach, and the benchmarks measure perception and input, not DNS.
 */
export async function launchSharedBrowser({ headless = true }: { headless?: boolean } = {}): Promise<SharedBrowser> {
  const profile = mkdtempSync(join(tmpdir(), "wo-bench-"));
  const socket = join(profile, "bridge.sock");
  const report = installHost({ userDataDir: profile, socket, configDir: join(profile, "config") });
  const extension = builtExtensionDir();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findBrowser() ?? "/usr/bin/chromium",
    headless,
    args: [
      ...OFFLINE_SAFE_CHROMIUM_FLAGS,
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
    ],
    env: { ...process.env, WEBOPERATOR_AGENT_SOCKET: socket, WEBOPERATOR_API_TOKEN: "" },
  });
  const token = readTokenFile(report.tokenFile);
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const client = await WebOperatorClient.connect({ socketPath: socket, token });
      if ((await client.request("bridge.health", {})).extension.connected) return shared(client, context, profile, socket, token);
      client.close();
    } catch {
      // Not up yet.
    }
    if (Date.now() > deadline) {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      throw new Error("the extension never connected to the bridge (does this Chromium accept --load-extension?)");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function shared(client: WebOperatorClient, context: BrowserContext, profile: string, socket: string, token: string | null): SharedBrowser {
  return {
    client,
    context,
    socket,
    token,
    pageAt(url) {
      const page = context.pages().find((candidate) => candidate.url() === url);
      if (!page) throw new Error(`Playwright does not see the tab showing ${url}`);
      return page;
    },
    async waitForPage(url) {
      for (let tries = 0; ; tries++) {
        const page = context.pages().find((candidate) => candidate.url() === url);
        if (page !== undefined) return page;
        if (tries >= 100) throw new Error(`Playwright does not see the tab showing ${url}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      const bridgePid = (await client.request("bridge.health", {})).bridge.pid;
      client.close();
      await context.close();
      try {
        process.kill(bridgePid, "SIGTERM");
      } catch {
        // Already gone with Chrome.
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
