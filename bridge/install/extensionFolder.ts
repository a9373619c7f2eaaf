import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { absoluteDirVariable, homeDir } from "../config/paths.js";
import type { BrowserPlatform } from "./chromiumBrowsers.js";

/** What the extension's manifest.json calls it; a folder whose manifest says otherwise is not ours to replace or remove. */
const EXTENSION_NAME = "WebOperator";

/**
 * Where an installed package keeps the extension a person loads with Load unpacked. Chrome
 * remembers the folder, not the package, so it is one per user and outside the package:
 * an upgrade (npm i -g, a newer npx) replaces the files there and Chrome keeps loading it.
 * Linux: $XDG_DATA_HOME/weboperator (else ~/.local/share/weboperator); macOS: ~/Library/Application Support/WebOperator.
 */
export function dataDir(env: NodeJS.ProcessEnv, platform: BrowserPlatform): string {
  if (platform === "darwin") return join(homeDir(env), "Library", "Application Support", "WebOperator");
  return join(absoluteDirVariable(env, "XDG_DATA_HOME") ?? join(homeDir(env), ".local", "share"), "weboperator");
}

export function installedExtensionDir(env: NodeJS.ProcessEnv, platform: BrowserPlatform): string {
  return join(dataDir(env, platform), "extension");
}

function readManifest(dir: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The version in a folder's manifest.json; null when there is no WebOperator extension there. */
export function extensionVersionAt(dir: string): string | null {
  const manifest = readManifest(dir);
  return manifest?.name === EXTENSION_NAME && typeof manifest.version === "string" ? manifest.version : null;
}

export class ExtensionFolderError extends Error {
  readonly code = "extension_folder_taken";
}

export interface CopiedExtension {
  dir: string;
  version: string | null;
  /** The version it replaced; null when the folder was new. */
  replaced: string | null;
}

/**
 * Copies the built extension to `to`, replacing what is there under the same path (Chrome
 * keeps loading it from there): the new files go to a sibling first and are swapped in with
 * two renames, so a failed copy leaves the old extension whole.
 */
export function copyExtension(from: string, to: string): CopiedExtension {
  const replaced = existsSync(to) ? extensionVersionAt(to) : null;
  if (existsSync(to) && replaced === null) {
    throw new ExtensionFolderError(`${to} exists and holds no WebOperator extension; move it away, then run setup again`);
  }
  const fresh = `${to}.new-${process.pid}`;
  const old = `${to}.old-${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  cpSync(from, fresh, { recursive: true });
  if (replaced !== null) renameSync(to, old);
  renameSync(fresh, to);
  rmSync(old, { recursive: true, force: true });
  return { dir: to, version: extensionVersionAt(to), replaced };
}

/** Removes the copied extension (only when it is ours) and its data folder once empty; answers the folder removed, or null. */
export function removeExtensionCopy(dir: string): string | null {
  if (extensionVersionAt(dir) === null) return null;
  rmSync(dir, { recursive: true, force: true });
  const parent = dirname(dir);
  if (existsSync(parent) && readdirSync(parent).length === 0) rmdirSync(parent);
  return dir;
}
