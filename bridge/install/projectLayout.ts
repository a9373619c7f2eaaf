import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The checkout this code runs from, found by walking up to our package.json. Works the
 * same from the TypeScript sources (tests) and from dist/node (the installed CLI).
 */
export function projectRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    const candidate = join(dir, "package.json");
    if (existsSync(candidate) && isOurPackage(candidate)) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the weboperator checkout above ${from}`);
    dir = parent;
  }
}

function isOurPackage(file: string): boolean {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    return typeof parsed === "object" && parsed !== null && "name" in parsed && parsed.name === "weboperator";
  } catch {
    return false;
  }
}

export const builtBridgeEntry = (): string => join(projectRoot(), "dist", "node", "bridge", "main.js");
export const builtExtensionDir = (): string => join(projectRoot(), "dist", "extension");
