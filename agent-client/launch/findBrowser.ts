import { accessSync, constants } from "node:fs";

const CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/opt/google/chrome/chrome",
  "/snap/bin/chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

/** CHROME_PATH wins; otherwise the usual install locations, in order. */
export function findBrowser(env: NodeJS.ProcessEnv = process.env): string | null {
  const explicit = env.CHROME_PATH;
  if (explicit && isExecutable(explicit)) return explicit;
  return CANDIDATES.find(isExecutable) ?? null;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
