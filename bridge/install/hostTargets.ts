import { join, resolve } from "node:path";
import { browserById, browsersOn, type BrowserPlatform, type ChromiumBrowser } from "./chromiumBrowsers.js";
import { browserContext, hostDirs, presentBrowsers, type BrowserContext, type Place } from "./browserFolders.js";

/** One NativeMessagingHosts/ folder to hold our manifest, and the browser that reads it (null: a `--user-data-dir` profile). */
export interface HostTarget {
  browser: ChromiumBrowser | null;
  dir: string;
}

export class BrowserChoiceError extends Error {
  constructor(
    readonly code: "unknown_browser" | "no_browser_found",
    message: string,
  ) {
    super(message);
  }
}

export interface TargetOptions extends Place {
  userDataDir?: string;
  browser?: string;
}

function targetsOf(browser: ChromiumBrowser, context: BrowserContext): HostTarget[] {
  return hostDirs(browser, context).map((dir) => ({ browser, dir }));
}

/** `--browser NAME`: one browser of this platform's table, or an error that lists the names it takes. */
export function chosenBrowser(id: string, platform: BrowserPlatform): ChromiumBrowser {
  const browser = browserById(id);
  if (browser?.[platform] !== undefined) return browser;
  const names = browsersOn(platform).map((each) => each.id);
  throw new BrowserChoiceError(
    "unknown_browser",
    `unknown browser "${id}" on ${platform === "darwin" ? "macOS" : "Linux"}; --browser takes one of ${names.join(", ")}`,
  );
}

/**
 * Where `install` writes: the one profile of `--user-data-dir`; the browser of `--browser`
 * even before its folder exists; else every browser of the table found for this user.
 */
export function installTargets(options: TargetOptions, env: NodeJS.ProcessEnv): HostTarget[] {
  if (options.userDataDir) return [{ browser: null, dir: join(resolve(options.userDataDir), "NativeMessagingHosts") }];
  const context = browserContext(env, options);
  if (options.browser) return targetsOf(chosenBrowser(options.browser, context.platform), context);
  const found = presentBrowsers(context).flatMap(({ browser }) => targetsOf(browser, context));
  if (found.length > 0) return found;
  const names = browsersOn(context.platform).map((browser) => browser.name);
  throw new BrowserChoiceError(
    "no_browser_found",
    `no Chromium-family browser found for this user (neither a profile folder nor an installed executable of ${names.join(", ")}); start your browser once, or name it: weboperator install --browser chrome`,
  );
}

/** Every folder a browser of this platform reads our manifest from, found or not: what doctor and uninstall look at. */
export function knownHostTargets(options: TargetOptions, env: NodeJS.ProcessEnv): HostTarget[] {
  if (options.userDataDir) return installTargets(options, env);
  const context = browserContext(env, options);
  return browsersOn(context.platform).flatMap((browser) => targetsOf(browser, context));
}

/** The browsers found for this user, each with its folders: what doctor reports. */
export function presentHostTargets(env: NodeJS.ProcessEnv, place: Place = {}): HostTarget[] {
  const context = browserContext(env, place);
  return presentBrowsers(context).flatMap(({ browser }) => targetsOf(browser, context));
}

/** The folders of knownHostTargets, without the browsers' names. */
export function knownHostDirs(env: NodeJS.ProcessEnv, options: TargetOptions = {}): string[] {
  return [...new Set(knownHostTargets(options, env).map((target) => target.dir))];
}
