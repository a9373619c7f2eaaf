import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "./install/projectLayout.js";

/** The version of the package this code runs from: a checkout's, or the installed package's. */
export function readPackageVersion(root?: string): string {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(root ?? projectRoot(), "package.json"), "utf8"));
    if (typeof parsed === "object" && parsed !== null && "version" in parsed && typeof parsed.version === "string") {
      return parsed.version;
    }
  } catch {
    // Running from an unusual layout; the version is informational only.
  }
  return "0.0.0";
}

export const BRIDGE_VERSION = readPackageVersion();
