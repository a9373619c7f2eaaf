import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import puppeteer, { TargetType, type Browser } from "puppeteer-core";
import { EXTENSION_ID } from "../../protocol/constants.js";
import { installHost } from "../../bridge/install/hostRegistration.js";
import { builtExtensionDir } from "../../bridge/install/projectLayout.js";
import { describeTokenSource, resolveToken, type ResolvedToken, type TokenSource } from "../../bridge/config/token.js";
import { BRIDGE_PID_FILE_ENV } from "../../bridge/bridgePidFile.js";
import { configDir as defaultConfigDir, socketPath as defaultSocketPath } from "../../bridge/config/paths.js";
import { isAnswering } from "../../bridge/socketOwnership.js";
import { WebOperatorClient } from "../client.js";
import { WebOperatorError } from "../../protocol/index.js";
import { browserToLaunch } from "./findBrowser.js";
import { OFFLINE_SAFE_CHROMIUM_FLAGS } from "./chromiumFlags.js";
import { stopLaunchedProcesses } from "./launchedBridges.js";
import { browserLabel, closeBrowser, LaunchError, loadExtension, refusalMessage, startFailure, watchBrowserExit } from "./launchSteps.js";

export { findBrowser } from "./findBrowser.js";

export interface LaunchOptions {
  headless?: boolean;
  userDataDir?: string;
  socket?: string;
  /** A name of the browser table (`chrome-beta`, `edge`, …) or the path of an executable; Chromium first by default. */
  browser?: string;
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
  /** Where `token` came from: WEBOPERATOR_API_TOKEN wins over the token file. */
  tokenSource: TokenSource;
  extensionId: string;
  bridgePid: number | null;
  /** The one folder for the browser's downloads and the side panel's attachments (weboperator-attachments/ inside it). */
  downloadsDir: string;
  close(): Promise<void>;
}

/**
 * Installs the host into a dedicated profile, starts Chromium with the built extension,
 * and resolves once bridge.health reports the extension connected.
 */
export async function launchWebOperator(options: LaunchOptions = {}): Promise<LaunchedWebOperator> {
  const target = browserToLaunch(options.browser, options.env ?? process.env);
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
    throw new Error(
      `${socket} is already served by a running WebOperator bridge (another browser with the extension?). Stop that one, or give this browser its own socket with --socket PATH.`,
    );
  }
  const ownsProfile = options.userDataDir === undefined;
  const userDataDir = resolve(options.userDataDir ?? mkdtempSync(join(tmpdir(), "weboperator-profile-")));
  installHost({ userDataDir, socket, configDir, env });
  // Resolved exactly as the bridge Chrome starts will resolve it, from the same environment.
  // One Downloads folder: the browser saves there, and the bridge puts the panel's attachments there.
  const downloadsDir = resolve(env.WEBOPERATOR_DOWNLOADS_DIR ?? join(userDataDir, "Downloads"));
  const chromeEnv: NodeJS.ProcessEnv = {
    ...env,
    WEBOPERATOR_AGENT_SOCKET: socket,
    WEBOPERATOR_CONFIG_DIR: configDir,
    WEBOPERATOR_DOWNLOADS_DIR: downloadsDir,
  };
  const resolved = resolveToken(chromeEnv);
  if (resolved.token === null) throw new Error(`no token: ${describeTokenSource(resolved)}; run \`weboperator install\``);
  const token = resolved.token;
  const pidFile = join(userDataDir, "weboperator-bridges.pid");
  rmSync(pidFile, { force: true });
  chromeEnv[BRIDGE_PID_FILE_ENV] = pidFile;

  const stopStarted = (): Promise<void> => stopLaunchedProcesses(pidFile, socket);
  const forgetProfile = (): void => {
    if (ownsProfile) rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath: target.path,
      headless: options.headless ?? true,
      pipe: true,
      // The extension is loaded below, where a refusal is reported and a dying browser is raced.
      enableExtensions: true,
      waitForInitialPage: false,
      userDataDir,
      args: OFFLINE_SAFE_CHROMIUM_FLAGS,
      env: chromeEnv,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    await stopStarted();
    forgetProfile();
    throw startFailure(browserLabel(target), error);
  }

  // A CDP call to a browser that died during start-up never settles; every await below races this.
  const exit = watchBrowserExit(browser);
  const untilExit = <T>(step: Promise<T>): Promise<T> => Promise.race([step, exit.gone]);

  let bridgePid: number;
  try {
    const refusal = await untilExit(loadExtension(browser, extensionPath));
    // A profile of the person's own may hold the extension already (loaded by hand); a fresh one cannot.
    if (refusal !== null && ownsProfile) throw new LaunchError("extension_refused", refusalMessage(target, refusal, extensionPath));
    await untilExit(browser.waitForTarget((each) => each.type() === TargetType.PAGE, { timeout: 30_000 }));
    // A dedicated profile's downloads stay in that profile (unless WEBOPERATOR_DOWNLOADS_DIR says where), not in the user's ~/Downloads.
    await untilExit(
      browser
        .target()
        .createCDPSession()
        .then((cdp) => cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloadsDir }))
        .catch(() => undefined),
    );
    bridgePid = await untilExit(
      waitForExtension(socket, token, options.connectTimeoutMs ?? 20_000, resolved, exit.exited).catch((error: unknown) => {
        throw refusal === null ? error : new LaunchError("extension_refused", refusalMessage(target, refusal, extensionPath));
      }),
    );
  } catch (error) {
    await closeBrowser(browser, exit.exited());
    await stopStarted();
    forgetProfile();
    throw error;
  }

  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await closeBrowser(browser, exit.exited());
    // The bridge deliberately outlives Chrome's launcher process; this launch owns it, so stop it.
    await stopStarted();
    forgetProfile();
  };

  return {
    browser,
    socket,
    pid: browser.process()?.pid ?? -1,
    userDataDir,
    configDir,
    token,
    tokenSource: resolved.source,
    extensionId: EXTENSION_ID,
    bridgePid,
    downloadsDir,
    close,
  };
}

/** Polls bridge.health until the extension is connected; gives up early on a wrong token or once `abandoned` says so. */
async function waitForExtension(
  socket: string,
  token: string,
  timeoutMs: number,
  resolved: ResolvedToken,
  abandoned: () => boolean,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = "the bridge socket never appeared";
  let stopped = false;
  while (!stopped && !abandoned() && Date.now() < deadline) {
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
      if (error instanceof WebOperatorError && error.code === "unauthorized") {
        lastProblem += ` (launch used ${describeTokenSource(resolved)})`;
        stopped = true;
      }
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(
    stopped ? `the bridge refused launch's token: ${lastProblem}` : `WebOperator did not come up within ${timeoutMs} ms: ${lastProblem}`,
  );
}
