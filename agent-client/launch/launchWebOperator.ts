import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import puppeteer, { type Browser } from "puppeteer-core";
import { EXTENSION_ID } from "../../protocol/constants.js";
import { installHost } from "../../bridge/install/hostRegistration.js";
import { builtExtensionDir } from "../../bridge/install/projectLayout.js";
import { readTokenFile } from "../../bridge/config/token.js";
import { configDir as defaultConfigDir, socketPath as defaultSocketPath } from "../../bridge/config/paths.js";
import { isAnswering } from "../../bridge/socketOwnership.js";
import { WebOperatorClient } from "../client.js";
import { findBrowser } from "./findBrowser.js";
import { OFFLINE_SAFE_CHROMIUM_FLAGS } from "./chromiumFlags.js";

export { findBrowser } from "./findBrowser.js";

export interface LaunchOptions {
  headless?: boolean;
  userDataDir?: string;
  socket?: string;
  browserPath?: string;
  configDir?: string;
  env?: NodeJS.ProcessEnv;
  extensionPath?: string;
  /** How long to wait for the extension to reach the bridge. */
  connectTimeoutMs?: number;
}

export interface LaunchedWebOperator {
  browser: Browser;
  socket: string;
  pid: number;
  userDataDir: string;
  configDir: string;
  token: string;
  extensionId: string;
  bridgePid: number | null;
  close(): Promise<void>;
}


/**
 * Installs the host into a dedicated profile, starts Chromium with the built extension,
 * and resolves once bridge.health reports the extension connected.
 */
export async function launchWebOperator(options: LaunchOptions = {}): Promise<LaunchedWebOperator> {
  const browserPath = options.browserPath ?? findBrowser(options.env);
  if (!browserPath) {
    throw new Error("no Chrome or Chromium found; install it (Debian: apt-get install -y chromium) or set CHROME_PATH");
  }
  const extensionPath = options.extensionPath ?? builtExtensionDir();
  if (!existsSync(join(extensionPath, "manifest.json"))) {
    throw new Error(`built extension not found at ${extensionPath}; run \`npm run build\` first`);
  }
  const env = options.env ?? process.env;
  // The user's own socket and token file by default, so `weboperator launch` followed by
  // `weboperator snapshot` needs no environment at all.
  const configDir = resolve(options.configDir ?? defaultConfigDir(env));
  const socket = resolve(options.socket ?? defaultSocketPath(env));
  if (await isAnswering(socket)) {
    throw new Error(`${socket} is already served by a running WebOperator bridge (another browser with the extension?). Stop that one, or give this browser its own socket with --socket PATH.`);
  }
  const ownsProfile = options.userDataDir === undefined;
  const userDataDir = resolve(options.userDataDir ?? mkdtempSync(join(tmpdir(), "weboperator-profile-")));
  const report = installHost({ userDataDir, socket, configDir, env });
  const token = readTokenFile(report.tokenFile);
  if (token === null) throw new Error(`token file ${report.tokenFile} is empty`);

  const browser = await puppeteer.launch({
    executablePath: browserPath,
    headless: options.headless ?? true,
    pipe: true,
    enableExtensions: [extensionPath],
    userDataDir,
    args: OFFLINE_SAFE_CHROMIUM_FLAGS,
    env: { ...env, WEBOPERATOR_AGENT_SOCKET: socket, WEBOPERATOR_CONFIG_DIR: configDir },
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });

  // A dedicated profile's downloads stay in that profile, not in the user's ~/Downloads.
  await browser
    .target()
    .createCDPSession()
    .then((cdp) => cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: join(userDataDir, "Downloads") }))
    .catch(() => undefined);

  let bridgePid: number | null = null;
  try {
    bridgePid = await waitForExtension(socket, token, options.connectTimeoutMs ?? 20_000);
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }

  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await browser.close().catch(() => undefined);
    // The bridge deliberately outlives Chrome's launcher process; this launch owns it, so stop it.
    if (bridgePid !== null) killQuietly(bridgePid);
    if (ownsProfile) rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  return {
    browser,
    socket,
    pid: browser.process()?.pid ?? -1,
    userDataDir,
    configDir,
    token,
    extensionId: EXTENSION_ID,
    bridgePid,
    close,
  };
}

async function waitForExtension(socket: string, token: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = "the bridge socket never appeared";
  while (Date.now() < deadline) {
    try {
      const client = await WebOperatorClient.connect({ socketPath: socket, token });
      try {
        const health = await client.request("bridge.health", {}, { timeoutMs: 2_000 });
        if (health.extension.connected) return health.bridge.pid;
        lastProblem = "the bridge is up but the extension has not connected";
      } finally {
        client.close();
      }
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`WebOperator did not come up within ${timeoutMs} ms: ${lastProblem}`);
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    // Already gone.
  }
}
