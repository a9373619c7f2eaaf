import { existsSync, rmSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";
import { configDir, homeDir } from "../config/paths.js";
import type { BrowserPlatform } from "./chromiumBrowsers.js";
import { copyExtension, installedExtensionDir, removeExtensionCopy } from "./extensionFolder.js";
import { builtExtensionDir, projectRoot, runsFromCheckout } from "./projectLayout.js";

export interface PlacedExtension {
  /** The one folder to pick in Load unpacked. */
  dir: string;
  /** How it got there, for the person reading setup's output. */
  how: string;
  /** Files Chrome may already be running were replaced: it needs a reload. */
  replaced: boolean;
  /** The npx cache folder the package runs from, whose path lasts only until that cache is cleaned; null otherwise. */
  npxCache: string | null;
}

/**
 * A checkout's extension is its build, which `npm run build` refreshes in place. An installed
 * package's is copied to the per-user folder (extensionFolder.ts), so Chrome keeps loading it
 * from the same place across upgrades.
 */
export function placeExtension(env: NodeJS.ProcessEnv, platform: BrowserPlatform): PlacedExtension {
  const root = projectRoot();
  if (runsFromCheckout(root)) {
    return { dir: builtExtensionDir(), how: "this checkout's build; `npm run build` refreshes it", replaced: false, npxCache: null };
  }
  const copied = copyExtension(builtExtensionDir(), installedExtensionDir(env, platform));
  const version = `version ${copied.version ?? "unknown"}`;
  const how =
    copied.replaced === null
      ? `${version}, copied from ${root}`
      : `${version}, replaced ${copied.replaced === copied.version ? "the same version" : copied.replaced} in place`;
  return { dir: copied.dir, how, replaced: copied.replaced !== null, npxCache: root.includes(`${sep}_npx${sep}`) ? root : null };
}

export interface RemovedFolders {
  /** The extension copy removed; null when there was none of ours. */
  extension: string | null;
  /** The config folder removed by --purge; null when kept or absent. */
  configDir: string | null;
}

/** The per-user extension copy; with purge, also the config folder (token, settings, task store), never HOME or /. */
export function removeInstallFolders(
  env: NodeJS.ProcessEnv,
  platform: BrowserPlatform,
  { extension: removeExtension, purge }: { extension: boolean; purge: boolean },
): RemovedFolders {
  const extension = removeExtension ? removeExtensionCopy(installedExtensionDir(env, platform)) : null;
  const config = resolve(configDir(env));
  const guarded = config === resolve(homeDir(env)) || dirname(config) === config;
  if (!purge || guarded || !existsSync(config)) return { extension, configDir: null };
  rmSync(config, { recursive: true, force: true });
  return { extension, configDir: config };
}
