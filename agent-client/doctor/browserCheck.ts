import { failed, passed, type DoctorCheck } from "./doctorCheck.js";

export function checkBrowser(found: string | null): DoctorCheck {
  if (found !== null) return passed("browser", found);
  return failed(
    "browser",
    "no Chrome or Chromium found in the usual locations",
    "install Chromium (Debian: `apt-get install -y chromium`) or set CHROME_PATH=/path/to/chrome",
  );
}
