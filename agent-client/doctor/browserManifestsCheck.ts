import { existsSync } from "node:fs";
import type { ChromiumBrowser } from "../../bridge/install/chromiumBrowsers.js";
import type { HostTarget } from "../../bridge/install/hostTargets.js";
import { failed, type DoctorCheck } from "./doctorCheck.js";
import { checkHostManifests, hostManifestFile, inspectHostManifest } from "./hostManifestCheck.js";

const NAME = "host manifest";

function named(browser: string, check: DoctorCheck): DoctorCheck {
  return { ...check, detail: `${browser}: ${check.detail}` };
}

/** One browser's folders: each manifest found is checked; none at all is one failing line naming the browser. */
function checkOneBrowser(browser: string, dirs: readonly string[], installFix: string, browserFix: string): DoctorCheck[] {
  const files = dirs.map(hostManifestFile).filter((file) => existsSync(file));
  if (files.length === 0) return [failed(NAME, `not installed for ${browser} (looked in ${dirs.join(", ")})`, browserFix)];
  return files.map((file) => named(browser, inspectHostManifest(file, installFix)));
}

/**
 * A line per browser found for this user, so a missing Edge registration is not hidden by a
 * good Chrome one; a `--user-data-dir` profile (browser null) is checked as before.
 */
export function checkBrowserManifests(targets: readonly HostTarget[], installFix: string, foundNone: string): DoctorCheck[] {
  if (targets.length === 0) {
    return [
      failed(
        NAME,
        foundNone,
        "start your browser once (it creates its profile folder), then weboperator install; or weboperator install --browser NAME",
      ),
    ];
  }
  const profile = targets.filter((target) => target.browser === null);
  if (profile.length > 0)
    return checkHostManifests(
      profile.map((target) => target.dir),
      installFix,
    );
  const byBrowser = new Map<ChromiumBrowser, string[]>();
  for (const { browser, dir } of targets) if (browser !== null) byBrowser.set(browser, [...(byBrowser.get(browser) ?? []), dir]);
  return [...byBrowser].flatMap(([browser, dirs]) =>
    checkOneBrowser(browser.name, dirs, installFix, `${installFix} --browser ${browser.id}`),
  );
}
