import { readFileSync, writeFileSync } from "node:fs";
import { withCommandTables } from "./commandReference.js";

/** Rewrites README.md's generated command tables from protocol/. */
const path = new URL("../../../README.md", import.meta.url);
const before = readFileSync(path, "utf8");
const after = withCommandTables(before);
writeFileSync(path, after);
process.stdout.write(before === after ? "README.md command tables were up to date\n" : "README.md command tables rewritten\n");
