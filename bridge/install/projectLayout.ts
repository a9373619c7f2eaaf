import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder this code runs from, found by walking up to our package.json: a checkout, or
 * the installed package (npm i -g, npx). Works the same from the TypeScript sources (tests)
 * and from dist/node (the CLI).
 */
export function projectRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    const candidate = join(dir, "package.json");
    if (existsSync(candidate) && isOurPackage(candidate)) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the weboperator package above ${from}`);
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

/**
 * A checkout holds the sources; the package npm installs holds only dist/ (package.json's
 * `files`). A checkout's extension is loaded from dist/extension, which `npm run build`
 * refreshes in place; an installed package's is copied to a folder of its own.
 */
export const runsFromCheckout = (root: string = projectRoot()): boolean => existsSync(join(root, "bridge", "main.ts"));
