import { join, resolve } from "node:path";
import { configDir, socketPath } from "../../bridge/config/paths.js";
import { resolveToken } from "../../bridge/config/token.js";
import { userHostDirectories } from "../../bridge/install/hostRegistration.js";
import { findBrowser } from "../launch/findBrowser.js";
import { checkBridge } from "./bridgeCheck.js";
import { checkBrowser } from "./browserCheck.js";
import { shellArg, type DoctorCheck } from "./doctorCheck.js";
import { checkHostManifests } from "./hostManifestCheck.js";
import { installedLauncher, installedLauncherEnv } from "./launcherEnv.js";
import { checkLauncherRuns } from "./launcherRunCheck.js";
import { checkProviders } from "./providersCheck.js";
import { checkTokenFile } from "./tokenFileCheck.js";

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
  const hostDirs = options.userDataDir ? [join(resolve(options.userDataDir), "NativeMessagingHosts")] : userHostDirectories();
  const env = effectiveEnv(options, installedLauncherEnv(hostDirs));
  const fix = installCommand(options);
  const token = resolveToken(env, options.token);
  const manifests = checkHostManifests(hostDirs, fix);
  // Only a launcher the manifests vouch for is worth running; otherwise their failure says it all.
  const launcherRun = manifests.every((check) => check.ok) ? checkLauncherRuns(installedLauncher(hostDirs), options.env, fix) : null;
  return [
    checkBrowser(findBrowser(env)),
    ...manifests,
    ...(launcherRun === null ? [] : [launcherRun]),
    checkTokenFile(token, fix),
    ...(await checkBridge({ socketPath: socketPath(env), token, env })),
    ...(await checkProviders({ socketPath: socketPath(env), token, env }, configDir(env))),
  ];
}
