import { defineConfig } from "vite";
import { crx, type ManifestV3Export } from "@crxjs/vite-plugin";
import { readFileSync } from "node:fs";

const manifest = JSON.parse(readFileSync(new URL("./manifest.json", import.meta.url), "utf8")) as ManifestV3Export;

export default defineConfig({
  plugins: [crx({ manifest })],
  build: {
    outDir: "dist/extension",
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    target: "chrome120",
  },
  server: { port: 5173, strictPort: true, hmr: { port: 5173 } },
  logLevel: "warn",
});
