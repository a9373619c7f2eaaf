import { accessSync, constants, existsSync, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";
import { absoluteDirVariable, homeDir, xdgConfigHome } from "../config/paths.js";
import { browsersOn, type BrowserPlatform, type ChromiumBrowser } from "./chromiumBrowsers.js";

/** Where to look: the platform and the environment (HOME, XDG_CONFIG_HOME, CHROME_CONFIG_HOME, PATH), injectable for tests. */
export interface BrowserContext {
  platform: BrowserPlatform;
  env: NodeJS.ProcessEnv;
  /** The folder the table's absolute executable paths are under: "/" but in tests, which stand in a machine of their own. */
  installRoot?: string;
}

export class UnsupportedPlatformError extends Error {
  readonly code = "unsupported_platform";
}

export function currentPlatform(platform: NodeJS.Platform = process.platform): BrowserPlatform {
  if (platform === "darwin" || platform === "linux") return platform;
  throw new UnsupportedPlatformError(
    `WebOperator registers its native-messaging host on Linux and macOS only, not ${platform}; docs/configuration.md says what a Windows port would take`,
  );
}

/** Which machine to look at: the running one unless a test says otherwise. */
export interface Place {
  platform?: BrowserPlatform;
  installRoot?: string;
}

export function browserContext(env: NodeJS.ProcessEnv = process.env, place: Place = {}): BrowserContext {
  const context: BrowserContext = { platform: place.platform ?? currentPlatform(), env };
  if (place.installRoot !== undefined) context.installRoot = place.installRoot;
  return context;
}

/**
 * The folder user data dirs live in. On Linux Chromium reads CHROME_CONFIG_HOME before
 * XDG_CONFIG_HOME (chrome_paths_linux.cc); an empty or relative value counts as unset.
 */
export function profileBase(context: BrowserContext): string {
  if (context.platform === "darwin") return join(homeDir(context.env), "Library", "Application Support");
  return absoluteDirVariable(context.env, "CHROME_CONFIG_HOME") ?? xdgConfigHome(context.env);
}

export function profileDir(browser: ChromiumBrowser, context: BrowserContext): string | null {
  const locations = browser[context.platform];
  return locations === undefined ? null : join(profileBase(context), ...locations.profile);
}

/** Every NativeMessagingHosts/ folder the browser reads user-level manifests from. */
export function hostDirs(browser: ChromiumBrowser, context: BrowserContext): string[] {
  const locations = browser[context.platform];
  if (locations === undefined) return [];
  const base = profileBase(context);
  return [locations.profile, ...(locations.alsoReadsHostsOf ?? [])].map((segments) => join(base, ...segments, "NativeMessagingHosts"));
}

export function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** An absolute candidate as is; a command name through the PATH it would run with. */
export function resolveExecutable(candidate: string, env: NodeJS.ProcessEnv): string | null {
  if (isAbsolute(candidate)) return isExecutableFile(candidate) ? candidate : null;
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!isAbsolute(dir)) continue;
    const path = join(dir, candidate);
    if (isExecutableFile(path)) return path;
  }
  return null;
}

/** A candidate of the table, with its absolute path moved under the context's installRoot. */
export function resolveCandidate(candidate: string, context: BrowserContext): string | null {
  const rooted = isAbsolute(candidate) && context.installRoot !== undefined ? join(context.installRoot, candidate) : candidate;
  return resolveExecutable(rooted, context.env);
}

export function findExecutable(browser: ChromiumBrowser, context: BrowserContext): string | null {
  for (const candidate of browser[context.platform]?.executables ?? []) {
    const found = resolveCandidate(candidate, context);
    if (found !== null) return found;
  }
  return null;
}

/** Why a browser counts as present: its profile folder exists, or it is installed and has not been started yet. */
export type Presence = "profile" | "executable";

export interface PresentBrowser {
  browser: ChromiumBrowser;
  presence: Presence;
}

export function presence(browser: ChromiumBrowser, context: BrowserContext): Presence | null {
  const profile = profileDir(browser, context);
  if (profile !== null && existsSync(profile)) return "profile";
  return findExecutable(browser, context) === null ? null : "executable";
}

/** The browsers of this platform found for this user, in table order. */
export function presentBrowsers(context: BrowserContext): PresentBrowser[] {
  return browsersOn(context.platform).flatMap((browser) => {
    const found = presence(browser, context);
    return found === null ? [] : [{ browser, presence: found }];
  });
}
