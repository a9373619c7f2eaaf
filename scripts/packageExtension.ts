/**
 * `npm run package:extension`: the built extension as the zip the Chrome Web Store takes,
 * its manifest without `key` (scripts/packaging/storeZip.ts says why); dist/extension keeps
 * it, for Load unpacked. Writes dist/weboperator-extension-VERSION.zip and prints its path and size.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtExtensionDir, projectRoot } from "../bridge/install/projectLayout.js";
import { storeZipEntries } from "./packaging/storeZip.js";
import { zipArchive } from "./packaging/zipArchive.js";

const dir = builtExtensionDir();
const entries = storeZipEntries(dir);
const manifest = entries.find((entry) => entry.path === "manifest.json");
if (manifest === undefined) throw new Error(`${dir} holds no manifest.json; run \`npm run build\` first`);
const { version } = JSON.parse(manifest.data.toString("utf8")) as { version: string };
const file = join(projectRoot(), "dist", `weboperator-extension-${version}.zip`);
const zip = zipArchive(entries);
writeFileSync(file, zip);
process.stdout.write(`${file} (${entries.length} files, ${Math.round(zip.length / 1024)} KiB; manifest.json without "key")\n`);
