import { realpathSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { browsersOn, type ChromiumBrowser } from "../../bridge/install/chromiumBrowsers.js";
import {
  browserContext,
  findExecutable,
  resolveCandidate,
  resolveExecutable,
  type BrowserContext,
  type Place,
} from "../../bridge/install/browserFolders.js";
import { BrowserChoiceError, chosenBrowser } from "../../bridge/install/hostTargets.js";

/** An executable to start, and the browser of the table it is, when it is one. */
export interface FoundBrowser {
  path: string;
  browser: ChromiumBrowser | null;
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Which browser of the table an executable is, by its real path (Debian's /usr/bin/chromium is a script, /snap/bin a link). */
export function identifyBrowser(path: string, context: BrowserContext): ChromiumBrowser | null {
  const wanted = realPath(path);
  return (
    browsersOn(context.platform).find((browser) =>
      (browser[context.platform]?.executables ?? []).some((candidate) => {
        const found = resolveCandidate(candidate, context);
        return found !== null && (found === path || realPath(found) === wanted);
      }),
    ) ?? null
  );
}

/** CHROME_PATH wins; otherwise the first browser of the table installed here (Chromium first). */
export function findInstalledBrowser(env: NodeJS.ProcessEnv = process.env, place: Place = {}): FoundBrowser | null {
  const context = browserContext(env, place);
  const explicit = env.CHROME_PATH;
  if (explicit && resolveExecutable(explicit, env) !== null) return { path: explicit, browser: identifyBrowser(explicit, context) };
  for (const browser of browsersOn(context.platform)) {
    const path = findExecutable(browser, context);
    if (path !== null) return { path, browser };
  }
  return null;
}

export function findBrowser(env: NodeJS.ProcessEnv = process.env, place: Place = {}): string | null {
  return findInstalledBrowser(env, place)?.path ?? null;
}

/**
 * `launch --browser NAME|PATH`: a name of the table, started from where it is installed, or
 * the path of an executable; without it, findInstalledBrowser's choice.
 */
export function browserToLaunch(spec: string | undefined, env: NodeJS.ProcessEnv, place: Place = {}): FoundBrowser {
  const context = browserContext(env, place);
  if (spec === undefined) {
    const found = findInstalledBrowser(env, place);
    if (found !== null) return found;
    throw new BrowserChoiceError(
      "no_browser_found",
      "no Chromium-family browser found; install one (Debian: apt-get install -y chromium), or pass --browser NAME|PATH, or set CHROME_PATH",
    );
  }
  if (spec.includes("/")) {
    const path = isAbsolute(spec) ? spec : resolve(spec);
    if (resolveExecutable(path, env) === null)
      throw new BrowserChoiceError("no_browser_found", `--browser ${spec}: ${path} is not an executable file`);
    return { path, browser: identifyBrowser(path, context) };
  }
  const browser = chosenBrowser(spec, context.platform);
  const path = findExecutable(browser, context);
  if (path !== null) return { path, browser };
  const looked = browser[context.platform]?.executables.join(", ") ?? "";
  throw new BrowserChoiceError(
    "no_browser_found",
    `${browser.name} is not installed here (looked for ${looked}, names in PATH); install it, or pass --browser /path/to/its/executable`,
  );
}
