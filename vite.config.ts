import { build, defineConfig, type Plugin } from "vite";
import { crx, type ManifestV3Export } from "@crxjs/vite-plugin";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

interface ContentScriptEntry {
  matches: string[];
  js?: string[];
  run_at?: string;
  all_frames?: boolean;
  world?: string;
}

const OUT_DIR = "dist/extension";
const source = JSON.parse(readFileSync(new URL("./manifest.json", import.meta.url), "utf8")) as ManifestV3Export & {
  content_scripts?: ContentScriptEntry[];
};
const { content_scripts: contentScripts = [], ...rest } = source;

/**
 * Classic scripts no manifest entry injects: the worker evaluates them itself, in CDP isolated
 * worlds (extension/shared/deepTargetFactsWorld.ts).
 */
const WORLD_SCRIPTS = ["extension/content/deepFacts/deepTargetFacts.iife.ts"];

/** The built file of a content script source: extension/content/contentScript.ts -> content/contentScript.js. */
const builtName = (entry: string): string => entry.replace(/^extension\//, "").replace(/\.ts$/, ".js");

/**
 * Content scripts are built as classic, self-contained scripts, not as crxjs's loader plus
 * a dynamic import of module chunks: Chrome then injects them straight from the extension
 * (with its code cache) as the document starts, instead of fetching and compiling some
 * 650 KB of modules after the page has loaded, which made the first snapshot of every
 * document wait for them. manifest.json stays the one declaration; this writes the built
 * paths into the packaged manifest.
 */
function classicContentScripts(): Plugin {
  return {
    name: "weboperator-classic-content-scripts",
    apply: "build",
    async closeBundle() {
      const entries = [...new Set([...contentScripts.flatMap((script) => script.js ?? []), ...WORLD_SCRIPTS])];
      for (const entry of entries) {
        await build({
          configFile: false,
          logLevel: "warn",
          build: {
            outDir: OUT_DIR,
            emptyOutDir: false,
            minify: false,
            target: "chrome120",
            lib: { entry, formats: ["iife"], name: "weboperatorContent", fileName: () => builtName(entry) },
          },
        });
      }
      const manifestPath = join(OUT_DIR, "manifest.json");
      const built = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, unknown>;
      built.content_scripts = contentScripts.map((script) => ({ ...script, js: (script.js ?? []).map(builtName) }));
      writeFileSync(manifestPath, `${JSON.stringify(built, null, 2)}\n`);
    },
  };
}

export default defineConfig({
  plugins: [crx({ manifest: rest as ManifestV3Export }), classicContentScripts()],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    target: "chrome120",
    // Pages the manifest does not name: the offscreen document that restarts a stopped worker.
    rollupOptions: { input: { waker: "extension/offscreen/waker.html" } },
  },
  server: { port: 5173, strictPort: true, hmr: { port: 5173 } },
  logLevel: "warn",
});
