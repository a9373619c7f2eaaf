import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, type Alias } from "vite";
import type { FixtureServer } from "./fixtureServer.js";
import { projectRoot } from "../../bridge/install/projectLayout.js";

// From the checkout's root, not this file: npm run bench:widgets runs this module compiled into dist/node.
const SOURCES = join(projectRoot(), "test", "fixtures", "widgets");
const NODE_MODULES = join(projectRoot(), "node_modules");

/** Entries are `<widget>.entry.js` or `.entry.jsx`; each becomes `/widgets/<widget>.js` and its page `/widgets/<widget>.html`. */
const ENTRY = /^(.+)\.entry\.jsx?$/;

/** Every widget bundle gets React 19 whole, whatever version a library's own dependency range would pick. */
const REACT_19: Alias[] = [
  { find: /^react(\/.*)?$/, replacement: `react19$1` },
  { find: /^react-dom(\/.*)?$/, replacement: `react-dom19$1` },
];

/**
 * Libraries that load their own files at run time (skins, workers, language packs) are served
 * whole from node_modules rather than bundled, as their documentation's self-hosted setup does.
 */
const SELF_HOSTED: Record<string, string> = {
  "lib-tinymce": join(NODE_MODULES, "tinymce"),
  "lib-monaco": join(NODE_MODULES, "monaco-editor/min"),
  "lib-shoelace": join(NODE_MODULES, "@shoelace-style/shoelace/cdn"),
};

export interface BuiltWidgets {
  /** Holds `<widget>.html` and `<widget>.js` for each widget page. */
  directory: string;
  /** The widget names, as `/widgets/<name>.html` serves them. */
  names: string[];
  remove(): void;
}

/** The widget pages' names: one per entry, and one per hand-written page that needs no bundle. */
export function widgetNames(): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(SOURCES)) {
    const entry = ENTRY.exec(file);
    if (entry?.[1] !== undefined) names.add(entry[1]);
    else if (file.endsWith(".html")) names.add(file.slice(0, -".html".length));
  }
  return [...names].sort();
}

/**
 * Bundles each widget entry in test/fixtures/widgets/ with the real library from node_modules
 * into one classic script, and copies the hand-written pages beside the bundles. An entry
 * with no page of its own gets a bare one that loads its bundle into `#root`.
 */
export async function buildWidgetFixtures(only?: readonly string[]): Promise<BuiltWidgets> {
  const directory = mkdtempSync(join(tmpdir(), "wo-widgets-"));
  const names = widgetNames().filter((name) => only === undefined || only.includes(name));
  for (const name of names) {
    const entryFile = readdirSync(SOURCES).find((file) => ENTRY.exec(file)?.[1] === name);
    if (entryFile !== undefined) {
      await build({
        configFile: false,
        logLevel: "warn",
        mode: "production",
        root: SOURCES,
        resolve: { alias: REACT_19 },
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        // Vite picks JSX's dev runtime from the process's NODE_ENV (vitest sets "test"), which React's production build lacks.
        oxc: { jsx: { runtime: "automatic", development: false } },
        build: {
          outDir: directory,
          emptyOutDir: false,
          minify: false,
          target: "chrome120",
          // Stylesheets imported by an entry ride in the bundle (`import css from "x.css?inline"`).
          cssCodeSplit: false,
          rolldownOptions: {
            // React libraries start their modules with "use client", which means nothing in a page bundle.
            onwarn(warning, warn) {
              if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
            },
          },
          lib: { entry: join(SOURCES, entryFile), formats: ["iife"], name: "widget", fileName: () => `${name}.js` },
        },
      });
    }
    const page = join(SOURCES, `${name}.html`);
    if (existsSync(page)) copyFileSync(page, join(directory, `${name}.html`));
    else {
      writeFileSync(
        join(directory, `${name}.html`),
        `<!doctype html><meta charset="utf-8"><title>${name}</title><div id="root"></div><script src="${name}.js"></script>\n`,
      );
    }
  }
  return { directory, names, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

/** Serves built widget pages under /widgets/ and the self-hosted libraries under /lib-<name>/. */
export function serveWidgetFixtures(pages: FixtureServer, built: BuiltWidgets): void {
  pages.serveDirectory("widgets", built.directory);
  for (const [prefix, directory] of Object.entries(SELF_HOSTED)) pages.serveDirectory(prefix, directory);
}
