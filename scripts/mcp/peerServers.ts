import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { McpServerLaunch } from "./toolListCost.js";

const require = createRequire(import.meta.url);

/** A package's own directory, found through node's resolution from this checkout. */
function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/** A devDependency's version as installed, for the labels a bench prints. */
export function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

/** The servers WebOperator is measured against, each driving its own headless Chromium. */
export interface PeerServer {
  label: string;
  launch: McpServerLaunch;
}

/** Playwright MCP writes console logs and the like into --output-dir, by default the working directory. */
export function playwrightMcp(browserPath: string, extraArgs: readonly string[] = []): PeerServer {
  const outputDir = join(tmpdir(), "weboperator-bench-playwright-mcp");
  return {
    label: `Playwright MCP ${packageVersion("@playwright/mcp")}`,
    launch: {
      command: process.execPath,
      args: [
        join(packageDir("@playwright/mcp"), "cli.js"),
        "--headless",
        "--isolated",
        "--executable-path",
        browserPath,
        "--output-dir",
        outputDir,
        ...extraArgs,
      ],
    },
  };
}

export function chromeDevtoolsMcp(browserPath: string, extraArgs: readonly string[] = []): PeerServer {
  return {
    label: `chrome-devtools-mcp ${packageVersion("chrome-devtools-mcp")}`,
    launch: {
      command: process.execPath,
      args: [
        join(packageDir("chrome-devtools-mcp"), "build", "src", "bin", "chrome-devtools-mcp.js"),
        "--headless",
        "--isolated",
        "--executablePath",
        browserPath,
        ...extraArgs,
      ],
      env: { CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: "1" },
    },
  };
}
