import { providerSettingsFile } from "../../bridge/config/paths.js";
import { providerReport } from "../../bridge/config/resolvedProviderSettings.js";
import { providerSettingsFileMode } from "../../bridge/config/providerSettingsFile.js";
import { type ProviderSettingsReport } from "../../protocol/index.js";
import { askBridge, type BridgeProbe } from "./bridgeCheck.js";
import { failed, passed, shellArg, type DoctorCheck } from "./doctorCheck.js";

/**
 * Which model providers tasks.start can use. The running bridge is asked, because its
 * environment (Chrome's, not this shell's) wins over the settings file; when it does not
 * answer, the file alone is reported. A provider that is not configured is not a failure:
 * the browser tools work without one.
 */
export async function checkProviders(probe: BridgeProbe, configDir: string): Promise<DoctorCheck[]> {
  const localFile = providerSettingsFile(configDir);
  let report: ProviderSettingsReport;
  let scope = "";
  try {
    report = await askBridge(probe, "tasks.providers");
  } catch {
    try {
      report = providerReport({}, localFile);
    } catch (error) {
      return [
        failed(
          "providers",
          error instanceof Error ? error.message : String(error),
          `weboperator config list --config-dir ${shellArg(configDir)}`,
        ),
      ];
    }
    scope = " (from the settings file only: the bridge did not answer, so its environment is unknown)";
  }
  const checks = report.providers.map((each) =>
    passed(`provider ${each.provider}`, `${each.configured ? "configured" : "not configured"}: ${each.detail}${scope}`),
  );
  const mode = providerSettingsFileMode(report.file);
  // API keys in a file others may read are as good as published.
  if (mode !== null && mode !== 0o600) {
    checks.push(
      failed(
        "provider settings file",
        `${report.file} has mode ${mode.toString(8).padStart(4, "0")}; others may read the API keys`,
        `chmod 600 ${shellArg(report.file)}`,
      ),
    );
  }
  return checks;
}
