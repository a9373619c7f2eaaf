import type { FoundBrowser } from "../launch/findBrowser.js";
import { failed, passed, type DoctorCheck } from "./doctorCheck.js";

/** The browser `weboperator launch` would start. */
export function checkBrowser(found: FoundBrowser | null): DoctorCheck {
  if (found !== null) {
    const what = found.browser === null ? found.path : `${found.browser.name} (${found.path})`;
    return passed("browser", `${what}, the one \`weboperator launch\` starts`);
  }
  return failed(
    "browser",
    "no Chromium-family browser found in the usual locations or in PATH",
    "install Chromium (Debian: `apt-get install -y chromium`) or set CHROME_PATH=/path/to/chrome",
  );
}
