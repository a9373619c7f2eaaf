import type { Browser } from "puppeteer-core";
import type { FoundBrowser } from "./findBrowser.js";

export type LaunchErrorCode = "browser_exited" | "browser_failed" | "extension_refused";

/** Why `launch` gave up, with a machine code; launch has already stopped everything it started. */
export class LaunchError extends Error {
  constructor(
    readonly code: LaunchErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const EXITED = "the browser exited during start-up (crashed or was killed); launch stopped the bridge and everything else it had started";

export function browserLabel(target: FoundBrowser): string {
  return target.browser === null ? target.path : `${target.browser.name} (${target.path})`;
}

/**
 * A browser that went away answers no CDP call; every start-up await races `gone`, and
 * `exited()` stops polling loops. Gone is either sign: the debugging pipe closed, or the
 * browser's own process exited, which can come first when a helper process it started still
 * holds the pipe open.
 */
export function watchBrowserExit(browser: Browser): { gone: Promise<never>; exited: () => boolean } {
  let exited = false;
  const child = browser.process();
  const gone = new Promise<never>((_resolve, reject) => {
    const fail = (): void => {
      exited = true;
      reject(new LaunchError("browser_exited", EXITED));
    };
    // Registered after launch resolved: the browser may already be gone, and neither event fires again.
    if (!browser.connected || (child !== null && (child.exitCode !== null || child.signalCode !== null))) fail();
    browser.once("disconnected", fail);
    child?.once("exit", fail);
  });
  gone.catch(() => undefined);
  return { gone, exited: () => exited };
}

/**
 * Closes the browser, or lets go of it when it is already gone: Browser.close sent down a
 * pipe that a dead browser's helper still holds open would never be answered.
 */
export async function closeBrowser(browser: Browser, exited: boolean): Promise<void> {
  if (exited) {
    // The dead browser's end of the pipe resets; once puppeteer lets go, nobody else would handle that error.
    for (const stream of browser.process()?.stdio ?? []) stream?.on("error", () => undefined);
    await browser.disconnect().catch(() => undefined);
    return;
  }
  await browser.close().catch(() => undefined);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Loads the unpacked extension through CDP (Extensions.loadUnpacked, which needs the
 * debugging pipe). Answers null once loaded, or the browser's refusal.
 */
export async function loadExtension(browser: Browser, extensionPath: string): Promise<string | null> {
  try {
    await browser.installExtension(extensionPath);
    return null;
  } catch (error) {
    // The pipe closed under the call: the browser died, it did not refuse.
    if (!browser.connected) throw new LaunchError("browser_exited", EXITED);
    return messageOf(error);
  }
}

/** What to do when a browser will not load our unpacked extension from the command line. */
export function refusalMessage(target: FoundBrowser, reason: string, extensionPath: string): string {
  const name = target.browser?.name ?? target.path;
  const why = target.browser?.googleBranded
    ? `${name} is a Google-branded build: from Chrome 137 these do not load an unpacked extension given on the command line, only Chromium and Chrome for Testing do`
    : `${name} did not load it`;
  const id = target.browser?.id ?? target.path;
  return [
    `${name} refused to load the WebOperator extension from the command line (${reason}).`,
    `${why}.`,
    `Load it by hand once, in a profile of its own: start ${target.path} --user-data-dir=DIR, open its extensions page (chrome://extensions), turn on Developer mode, click Load unpacked and pick ${extensionPath};`,
    `then run \`weboperator launch --browser ${id} --user-data-dir DIR\`, or \`weboperator launch\` for Chromium.`,
  ].join(" ");
}

/** puppeteer.launch failed: the browser did not start, or died before its debugging pipe answered. */
export function startFailure(label: string, error: unknown): LaunchError {
  const message = messageOf(error);
  if (/closed|exited|disconnected/i.test(message)) return new LaunchError("browser_exited", `${EXITED} (${label}: ${message})`);
  return new LaunchError("browser_failed", `${label} did not start: ${message}`);
}
