import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { EXTENSION_ORIGIN, NATIVE_HOST_NAME } from "../../protocol/constants.js";
import { isExecutableFile } from "../../bridge/install/browserFolders.js";
import { failed, passed, shellArg, type DoctorCheck } from "./doctorCheck.js";

const NAME = "host manifest";

export function hostManifestFile(dir: string): string {
  return join(dir, `${NATIVE_HOST_NAME}.json`);
}

function readJsonObject(file: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(readFileSync(file, "utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The launcher `weboperator install` writes ends with `'node' 'bridge/main.js' "$@"`;
 * a deleted build breaks the chain there even though the launcher itself exists.
 */
function missingLauncherTargets(launcher: string): string[] {
  const lastCommand = readFileSync(launcher, "utf8").trim().split("\n").at(-1) ?? "";
  const match = /^'([^']+)' '([^']+)' "\$@"$/.exec(lastCommand);
  if (!match) return [];
  return [match[1], match[2]].filter((path): path is string => path !== undefined && !existsSync(path));
}

/** Checks one manifest file: parseable, names our host, points at a runnable launcher, admits our extension. */
export function inspectHostManifest(file: string, installFix: string): DoctorCheck {
  const manifest = readJsonObject(file);
  if (manifest === null) return failed(NAME, `${file} is not a JSON object`, installFix);
  if (manifest.name !== NATIVE_HOST_NAME) {
    return failed(NAME, `${file} names host ${JSON.stringify(manifest.name)}, not ${NATIVE_HOST_NAME}`, installFix);
  }
  const path = manifest.path;
  if (typeof path !== "string" || !isAbsolute(path)) {
    return failed(NAME, `${file}: "path" must be an absolute path, got ${JSON.stringify(path)}`, installFix);
  }
  if (!existsSync(path)) return failed(NAME, `${file} points at ${path}, which does not exist`, installFix);
  if (!isExecutableFile(path))
    return failed(NAME, `${file} points at ${path}, which is not an executable file`, `chmod 755 ${shellArg(path)}`);
  const missing = missingLauncherTargets(path);
  if (missing.length > 0) {
    return failed(NAME, `launcher ${path} runs ${missing.join(" and ")}, which does not exist`, `npm run build && ${installFix}`);
  }
  const origins = manifest.allowed_origins;
  if (!Array.isArray(origins) || !origins.includes(EXTENSION_ORIGIN)) {
    return failed(NAME, `${file}: allowed_origins does not contain ${EXTENSION_ORIGIN}`, installFix);
  }
  return passed(NAME, `${file} → ${path}`);
}

/**
 * One line per manifest found, so a broken Chromium registration is not hidden by a good
 * Chrome one; one failing line when there is none at all.
 */
export function checkHostManifests(dirs: readonly string[], installFix: string): DoctorCheck[] {
  const files = dirs.map(hostManifestFile).filter((file) => existsSync(file));
  if (files.length === 0) return [failed(NAME, `not installed (looked in ${dirs.join(", ")})`, installFix)];
  return files.map((file) => inspectHostManifest(file, installFix));
}
