import { readFileSync } from "node:fs";

function readPackageVersion(): string {
  try {
    const url = new URL("../../../package.json", import.meta.url);
    const parsed: unknown = JSON.parse(readFileSync(url, "utf8"));
    if (typeof parsed === "object" && parsed !== null && "version" in parsed && typeof parsed.version === "string") {
      return parsed.version;
    }
  } catch {
    // Running from an unusual layout; the version is informational only.
  }
  return "0.0.0";
}

export const BRIDGE_VERSION = readPackageVersion();
