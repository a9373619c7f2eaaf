import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { GENERATED_FILES } from "./generatedDocs.js";

/** Rewrites the generated files (docs/ reference pages, the content script's ARIA role facts); the unit tests fail while one is stale. */
const root = new URL("../../../", import.meta.url);
for (const [file, render] of Object.entries(GENERATED_FILES)) {
  const path = new URL(file, root);
  const before = existsSync(path) ? readFileSync(path, "utf8") : "";
  const after = render();
  writeFileSync(path, after);
  process.stdout.write(before === after ? `${file} was up to date\n` : `${file} rewritten\n`);
}
