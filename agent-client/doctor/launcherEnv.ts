import { existsSync, readFileSync } from "node:fs";
import { hostManifestFile } from "./hostManifestCheck.js";

/**
 * The variables `weboperator install --socket/--config-dir` baked into a launcher. A bridge
 * started through that manifest serves that socket and reads that token file, so the
 * doctor must look there too.
 */
export function readLauncherEnv(launcher: string): Record<string, string> {
  const baked: Record<string, string> = {};
  let text: string;
  try {
    text = readFileSync(launcher, "utf8");
  } catch {
    return baked;
  }
  for (const line of text.split("\n")) {
    const match = /^export ([A-Z_][A-Z0-9_]*)='((?:[^']|'\\'')*)'$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) baked[match[1]] = match[2].replaceAll(`'\\''`, "'");
  }
  return baked;
}

/** The launcher of the first installed manifest in dirs that names one. */
export function installedLauncher(dirs: readonly string[]): string | null {
  for (const file of dirs.map(hostManifestFile)) {
    if (!existsSync(file)) continue;
    try {
      const manifest: unknown = JSON.parse(readFileSync(file, "utf8"));
      const path = typeof manifest === "object" && manifest !== null && "path" in manifest ? manifest.path : undefined;
      if (typeof path === "string") return path;
    } catch {
      continue;
    }
  }
  return null;
}

/** Baked variables of the first installed manifest in dirs whose launcher can be read. */
export function installedLauncherEnv(dirs: readonly string[]): Record<string, string> {
  const launcher = installedLauncher(dirs);
  return launcher === null ? {} : readLauncherEnv(launcher);
}
