import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { GENERATED_DOCS } from "./generatedDocs.js";

/** Rewrites the generated reference pages in docs/ from protocol/; the unit tests fail while one is stale. */
const root = new URL("../../../", import.meta.url);
for (const [file, render] of Object.entries(GENERATED_DOCS)) {
  const path = new URL(file, root);
  const before = existsSync(path) ? readFileSync(path, "utf8") : "";
  const after = render();
  writeFileSync(path, after);
  process.stdout.write(before === after ? `${file} was up to date\n` : `${file} rewritten\n`);
}
