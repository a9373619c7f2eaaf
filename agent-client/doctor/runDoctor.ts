import { join, resolve } from "node:path";
import { configDir, socketPath } from "../../bridge/config/paths.js";
import { resolveToken } from "../../bridge/config/token.js";
import { browsersOn } from "../../bridge/install/chromiumBrowsers.js";
import { browserContext } from "../../bridge/install/browserFolders.js";
import { presentHostTargets, type HostTarget } from "../../bridge/install/hostTargets.js";
import { findInstalledBrowser } from "../launch/findBrowser.js";
import { checkBridge } from "./bridgeCheck.js";
import { checkBrowser } from "./browserCheck.js";
import { shellArg, type DoctorCheck } from "./doctorCheck.js";
import { checkBrowserManifests } from "./browserManifestsCheck.js";
import { installedLauncher, installedLauncherEnv } from "./launcherEnv.js";
import { checkLauncherRuns } from "./launcherRunCheck.js";
import { checkProviders } from "./providersCheck.js";
import { checkTokenFile } from "./tokenFileCheck.js";
import { extensionFolderCheck } from "./versionCheck.js";
import { installedExtensionDir } from "../../bridge/install/extensionFolder.js";
import { runsFromCheckout } from "../../bridge/install/projectLayout.js";
import { BRIDGE_VERSION } from "../../bridge/version.js";

export interface DoctorOptions {
  userDataDir?: string;
  configDir?: string;
  socket?: string;
  token?: string;
  env: NodeJS.ProcessEnv;
}

function installCommand(options: DoctorOptions): string {
  const parts = ["weboperator install"];
  if (options.userDataDir) parts.push(`--user-data-dir ${shellArg(options.userDataDir)}`);
  if (options.configDir) parts.push(`--config-dir ${shellArg(options.configDir)}`);
  if (options.socket) parts.push(`--socket ${shellArg(options.socket)}`);
  return parts.join(" ");
}

/** Explicit options win, then the caller's environment, then what the installed launcher baked in. */
function effectiveEnv(options: DoctorOptions, baked: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...options.env };
  for (const name of ["WEBOPERATOR_AGENT_SOCKET", "WEBOPERATOR_CONFIG_DIR"] as const) {
    const value = baked[name];
    if (!env[name] && value) env[name] = value;
  }
  if (options.configDir) env.WEBOPERATOR_CONFIG_DIR = resolve(options.configDir);
  if (options.socket) env.WEBOPERATOR_AGENT_SOCKET = options.socket;
  return env;
}

/** Runs every check in chain order; later checks still run when an earlier one fails. */
export async function runDoctor(options: DoctorOptions): Promise<DoctorCheck[]> {
  const targets: HostTarget[] = options.userDataDir
    ? [{ browser: null, dir: join(resolve(options.userDataDir), "NativeMessagingHosts") }]
    : presentHostTargets(options.env);
  const hostDirs = targets.map((target) => target.dir);
  const env = effectiveEnv(options, installedLauncherEnv(hostDirs));
  const fix = installCommand(options);
  const token = resolveToken(env, options.token);
  const context = browserContext(options.env);
  const names = browsersOn(context.platform).map((browser) => browser.name);
  const manifests = checkBrowserManifests(
    targets,
    fix,
    `no Chromium-family browser found for this user (no profile folder or executable of ${names.join(", ")})`,
  );
  // Only a launcher the manifests vouch for is worth running; otherwise their failure says it all.
  const launcherRun = manifests.every((check) => check.ok) ? checkLauncherRuns(installedLauncher(hostDirs), options.env, fix) : null;
  // A checkout's extension is its build; only an installed package keeps a copy that can lag behind it.
  const folder = runsFromCheckout() ? [] : [extensionFolderCheck(installedExtensionDir(options.env, context.platform), BRIDGE_VERSION)];
  return [
    checkBrowser(findInstalledBrowser(env)),
    ...manifests,
    ...folder,
    ...(launcherRun === null ? [] : [launcherRun]),
    checkTokenFile(token, fix),
    ...(await checkBridge({ socketPath: socketPath(env), token, env }, context)),
    ...(await checkProviders({ socketPath: socketPath(env), token, env }, configDir(env))),
  ];
}
