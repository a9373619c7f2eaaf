import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { builtBridgeEntry } from "./projectLayout.js";
import { EXTENSION_ORIGIN, NATIVE_HOST_NAME } from "../../protocol/constants.js";
import { allowedOrigins } from "./storeExtensionId.js";
import { configDir, tokenFilePath } from "../config/paths.js";
import { ensureTokenFile } from "../config/token.js";
import { BROWSER_PID_ENV } from "../servedBrowser.js";
import { type BrowserPlatform } from "./chromiumBrowsers.js";
import { installTargets } from "./hostTargets.js";
import { LAUNCHER_FILE, LAUNCHER_MARK } from "./hostRemoval.js";

export interface InstallOptions {
  /** Register into DIR/NativeMessagingHosts/ only (a dedicated profile). */
  userDataDir?: string;
  /** Register for this browser of the table only (`--browser`), even when its profile folder does not exist yet. */
  browser?: string;
  /** Baked into the launcher so the bridge of this profile serves this socket. */
  socket?: string;
  /** Baked into the launcher; also where the token file is created. */
  configDir?: string;
  nodePath?: string;
  bridgeEntry?: string;
  env?: NodeJS.ProcessEnv;
  /** The platform whose folders to use; the running one by default. */
  platform?: BrowserPlatform;
}

export interface WrittenManifest {
  /** The browser it is for; null for a `--user-data-dir` profile. */
  browser: string | null;
  file: string;
}

export interface InstallReport {
  launcher: string;
  /** The manifests' allowed_origins. */
  origins: string[];
  manifests: WrittenManifest[];
  tokenFile: string;
  tokenCreated: boolean;
}

/** `origins`: the extensions that may start the host (allowedOrigins: the unpacked ID, and the store's when configured). */
export function hostManifest(launcherPath: string, origins: readonly string[] = [EXTENSION_ORIGIN]): Record<string, unknown> {
  return {
    name: NATIVE_HOST_NAME,
    description: "WebOperator bridge: connects local agents to the WebOperator extension",
    path: launcherPath,
    type: "stdio",
    allowed_origins: [...origins],
  };
}

/**
 * The launcher runs node as a child instead of exec-ing it: Chrome kills the process it
 * started two seconds after the extension's port closes, and the bridge must outlive that
 * to keep the agents' socket up while the service worker restarts.
 */
export function launcherScript(nodePath: string, bridgeEntry: string, bakedEnv: Record<string, string>): string {
  const exports = Object.entries(bakedEnv).map(([name, value]) => `export ${name}=${shellQuote(value)}`);
  return [
    "#!/bin/sh",
    `${LAUNCHER_MARK} Chrome starts this with a minimal environment,`,
    "# so every path is absolute.",
    ...exports,
    "# The browser that started this host (its parent): the bridge names it in bridge.health.",
    `export ${BROWSER_PID_ENV}="$PPID"`,
    `${shellQuote(nodePath)} ${shellQuote(bridgeEntry)} "$@"`,
    "",
  ].join("\n");
}

export function installHost(options: InstallOptions = {}): InstallReport {
  const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env) };
  if (options.configDir) env.WEBOPERATOR_CONFIG_DIR = options.configDir;
  const nodePath = options.nodePath ?? process.execPath;
  const bridgeEntry = options.bridgeEntry ?? builtBridgeEntry();
  if (!existsSync(bridgeEntry)) {
    throw new Error(`bridge entry ${bridgeEntry} does not exist; run \`npm run build\` first`);
  }

  const bakedEnv: Record<string, string> = {};
  if (options.socket) bakedEnv.WEBOPERATOR_AGENT_SOCKET = resolve(options.socket);
  if (options.configDir) bakedEnv.WEBOPERATOR_CONFIG_DIR = resolve(options.configDir);

  const origins = allowedOrigins(env);
  const targets = installTargets(options, env);
  const profileHosts = options.userDataDir ? targets[0]?.dir : undefined;
  const launcherDir = profileHosts ?? configDir(env);
  mkdirSync(launcherDir, { recursive: true, mode: 0o700 });
  const launcher = join(launcherDir, LAUNCHER_FILE);
  writeFileSync(launcher, launcherScript(nodePath, bridgeEntry, bakedEnv), { mode: 0o755 });
  chmodSync(launcher, 0o755);

  const manifests: WrittenManifest[] = [];
  for (const { browser, dir } of targets) {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${NATIVE_HOST_NAME}.json`);
    writeFileSync(file, `${JSON.stringify(hostManifest(launcher, origins), null, 2)}\n`);
    manifests.push({ browser: browser?.name ?? null, file });
  }

  const tokenFile = tokenFilePath(env);
  const { created } = ensureTokenFile(tokenFile);
  return { launcher, origins, manifests, tokenFile, tokenCreated: created };
}

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
