import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Alias, type Plugin } from "vite";
import { compile } from "svelte/compiler";

const SOURCES = fileURLToPath(new URL("../fixtures/frameworks/", import.meta.url));

/** One fixture app: its entry in test/fixtures/frameworks/ and the packages its bare imports mean. */
interface FrameworkFixture {
  name: string;
  entry: string;
  alias?: Alias[];
}

/** React 18 and 19 are installed side by side under aliases; each bundle gets one of them whole. */
const reactAs = (version: "18" | "19"): Alias[] => [
  { find: /^react(\/.*)?$/, replacement: `react${version}$1` },
  { find: /^react-dom(\/.*)?$/, replacement: `react-dom${version}$1` },
];

export const FRAMEWORK_FIXTURES: readonly FrameworkFixture[] = [
  { name: "react18", entry: "react.js", alias: reactAs("18") },
  { name: "react19", entry: "react.js", alias: reactAs("19") },
  { name: "preact", entry: "preact.js" },
  { name: "vue", entry: "vue.js" },
  { name: "svelte", entry: "svelte.js" },
  { name: "jquery", entry: "jquery.js" },
];

/** Compiles .svelte components with the installed compiler, as Svelte's own Vite plugin would. */
const svelteComponents: Plugin = {
  name: "fixture-svelte-components",
  transform(code, id) {
    if (!id.endsWith(".svelte")) return null;
    const { js } = compile(code, { filename: id, generate: "client" });
    return { code: js.code, map: js.map };
  },
};

export interface BuiltFixtures {
  /** Holds `<name>.html` and `<name>.js` for each fixture. */
  directory: string;
  remove(): void;
}

/** Bundles every fixture app with the real libraries from node_modules, each into one classic script. */
export async function buildFrameworkFixtures(): Promise<BuiltFixtures> {
  const directory = mkdtempSync(join(tmpdir(), "wo-frameworks-"));
  for (const fixture of FRAMEWORK_FIXTURES) {
    await build({
      configFile: false,
      logLevel: "warn",
      mode: "production",
      root: SOURCES,
      plugins: [svelteComponents],
      resolve: { alias: fixture.alias ?? [] },
      define: {
        "process.env.NODE_ENV": JSON.stringify("production"),
        __VUE_OPTIONS_API__: "true",
        __VUE_PROD_DEVTOOLS__: "false",
        __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: "false",
      },
      build: {
        outDir: directory,
        emptyOutDir: false,
        minify: false,
        target: "chrome120",
        lib: { entry: join(SOURCES, fixture.entry), formats: ["iife"], name: "fixture", fileName: () => `${fixture.name}.js` },
      },
    });
    writeFileSync(
      join(directory, `${fixture.name}.html`),
      `<!doctype html><meta charset="utf-8"><title>${fixture.name} fixture</title><div id="root"></div><script src="${fixture.name}.js"></script>\n`,
    );
  }
  return { directory, remove: () => rmSync(directory, { recursive: true, force: true }) };
}
