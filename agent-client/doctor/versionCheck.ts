import type { CommandResult } from "../../protocol/index.js";
import { extensionVersionAt } from "../../bridge/install/extensionFolder.js";
import { runsFromCheckout } from "../../bridge/install/projectLayout.js";
import { failed, passed, shellArg, type DoctorCheck } from "./doctorCheck.js";

const NAME = "versions";

/** How a person gets the extension of this version into Chrome: a checkout rebuilds it, a package copies it. */
function refreshExtension(): string {
  return runsFromCheckout()
    ? "npm run build, then press Reload on WebOperator at chrome://extensions"
    : "weboperator setup (it replaces the extension in its folder), then press Reload on WebOperator at chrome://extensions";
}

/**
 * The extension Chrome runs, the bridge it started and this command come from one package
 * only when all three say the same version; after an upgrade the loaded extension and a
 * bridge still running are the old ones until reloaded. Null while no extension is connected.
 */
export function versionCheck(health: CommandResult<"bridge.health">, installed: string): DoctorCheck | null {
  if (!health.extension.connected) return null;
  const loaded = health.extension.version ?? "unknown";
  if (loaded !== installed) {
    return failed(NAME, `the loaded extension is ${loaded}, the installed bridge ${installed}`, refreshExtension());
  }
  if (health.bridge.version !== installed) {
    return failed(
      NAME,
      `the running bridge is ${health.bridge.version}, the installed one ${installed}`,
      "restart the browser (or `weboperator launch`) so it starts the installed bridge",
    );
  }
  return passed(NAME, `extension, bridge and this command are all ${installed}`);
}

/**
 * An installed package's extension folder: what Load unpacked points at. After an upgrade it
 * holds the old version until `setup` runs again.
 */
export function extensionFolderCheck(dir: string, installed: string): DoctorCheck {
  const name = "extension folder";
  const version = extensionVersionAt(dir);
  if (version === null) return failed(name, `no WebOperator extension in ${dir}`, "weboperator setup");
  if (version !== installed)
    return failed(name, `${shellArg(dir)} holds ${version}, the installed package is ${installed}`, refreshExtension());
  return passed(name, `${dir} (version ${version}; Load unpacked picks this folder)`);
}
