import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { ZipEntry } from "./zipArchive.js";

/**
 * The manifest the Chrome Web Store takes: the built one without `key`. The store refuses a
 * manifest with one, since it signs the extension with its own key, which gives its copy
 * another ID than the unpacked one `key` pins.
 */
export function storeManifest(built: Record<string, unknown>): Record<string, unknown> {
  const { key: _pinnedId, ...rest } = built;
  return rest;
}

/** Every file of the built extension in a stable order, manifest.json as the store takes it; dot-folders (vite's .vite/) are build leftovers. */
export function storeZipEntries(dir: string): ZipEntry[] {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((path) => !path.split("/").some((part) => part.startsWith(".")))
    .sort();
  return files.map((path) => {
    const data = readFileSync(join(dir, path));
    if (path !== "manifest.json") return { path, data };
    const manifest = storeManifest(JSON.parse(data.toString("utf8")) as Record<string, unknown>);
    return { path, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
  });
}
