import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../bridge/install/projectLayout.js";
import { findBrowser } from "../agent-client/launch/findBrowser.js";
import { runBench } from "./bench/benchRun.js";
import { serveStatic } from "./bench/staticServer.js";
import { median, quantile } from "./bench/stats.js";
import { launchTempWebOperator } from "./tempWebOperator.js";
import { chromeDevtoolsMcp, playwrightMcp } from "./mcp/peerServers.js";
import {
  DEVTOOLS_DIALECT,
  PLAYWRIGHT_DIALECT,
  WEBOPERATOR_DIALECT,
  startSnapshotDriver,
  type SnapshotDriver,
} from "./mcp/snapshotDriver.js";

/**
 * `weboperator mcp` (lean default, over a launched browser) next to Playwright MCP and
 * chrome-devtools-mcp (each with its own headless Chromium), all three started by the MCP
 * SDK's own stdio client, on the real pages of ../shared/corpus/readability-dev. The pages
 * are served with a CSP that allows only their own origin, so no browser leaves the machine.
 * Prints each server's tool-list context cost, the snapshot call's time and size, and per
 * page the ratio ours/theirs. RUNS snapshots a page per server (default 5), PAGES filters.
 */
const RUNS = Number(process.env.RUNS ?? 5);
const OFFLINE_CSP = "default-src 'self' 'unsafe-inline' data: blob:";

interface Sample {
  ms: number[];
  chars: number;
}

type PageSamples = Map<string, Sample>;

async function main(): Promise<void> {
  const corpus = join(projectRoot(), "..", "shared", "corpus", "readability-dev");
  if (!existsSync(corpus)) throw new Error(`${corpus} is missing: this benchmark measures the real pages of the shared corpus`);
  const only = process.env.PAGES?.split(",");
  const pages = readdirSync(corpus)
    .filter((name) => existsSync(join(corpus, name, "source.html")) && (only === undefined || only.includes(name)))
    .sort();
  const browserPath = findBrowser() ?? "/usr/bin/chromium";
  const server = await serveStatic(corpus, {}, { "content-security-policy": OFFLINE_CSP });
  const ours = await launchTempWebOperator("wo-bench-mcp-");
  const drivers: SnapshotDriver[] = [];
  try {
    drivers.push(
      await startSnapshotDriver(
        "weboperator mcp",
        {
          command: process.execPath,
          args: [join(projectRoot(), "bin", "weboperator.js"), "mcp"],
          env: { WEBOPERATOR_AGENT_SOCKET: ours.launched.socket, WEBOPERATOR_CONFIG_DIR: ours.launched.configDir },
        },
        WEBOPERATOR_DIALECT,
      ),
    );
    const playwright = playwrightMcp(browserPath, ["--no-sandbox"]);
    drivers.push(await startSnapshotDriver(playwright.label, playwright.launch, PLAYWRIGHT_DIALECT));
    const devtools = chromeDevtoolsMcp(browserPath, ["--chromeArg=--no-sandbox"]);
    drivers.push(await startSnapshotDriver(devtools.label, devtools.launch, DEVTOOLS_DIALECT));
    const samples = new Map<string, PageSamples>(drivers.map((driver) => [driver.label, new Map()]));
    for (const page of pages) await measurePage(drivers, `${server.origin}/${page}/source.html`, page, samples);
    report(drivers, pages, samples);
  } finally {
    for (const driver of drivers) await driver.close().catch(() => undefined);
    await ours.close();
    server.close();
  }
}

/** Each server opens the page, then the servers take turns per run, so machine noise hits all alike. */
async function measurePage(
  drivers: readonly SnapshotDriver[],
  url: string,
  page: string,
  samples: Map<string, PageSamples>,
): Promise<void> {
  const live: SnapshotDriver[] = [];
  for (const driver of drivers) {
    try {
      await driver.navigate(url);
      live.push(driver);
    } catch (error) {
      console.error(`${page}: ${driver.label} could not open it: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  for (let run = 0; run < RUNS; run++) {
    for (const driver of live) {
      const result = await driver.snapshot().catch((error: unknown) => {
        console.error(`${page}: ${driver.label} snapshot failed: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      });
      if (result === null) continue;
      const byPage = samples.get(driver.label);
      const sample = byPage?.get(page) ?? { ms: [], chars: result.chars };
      sample.ms.push(result.ms);
      sample.chars = result.chars;
      byPage?.set(page, sample);
    }
  }
  console.error(
    `${page}: ${live.map((driver) => `${driver.label} ${samples.get(driver.label)?.get(page)?.chars ?? "-"} chars`).join(", ")}`,
  );
}

const thousands = (value: number): string => Math.round(value).toLocaleString("en-US");

function report(drivers: readonly SnapshotDriver[], pages: readonly string[], samples: Map<string, PageSamples>): void {
  const [ours] = drivers;
  if (ours === undefined) return;
  console.log(
    `\nweboperator mcp vs Playwright MCP vs chrome-devtools-mcp: ${pages.length} corpus pages, ${RUNS} snapshot calls each per server\n`,
  );
  console.log(
    "| server | tools | tool-list chars | about tokens | pages answered | snapshot ms median | p90 | snapshot chars median | p90 | max |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const driver of drivers) {
    const byPage = [...(samples.get(driver.label)?.values() ?? [])];
    const times = byPage.flatMap((sample) => sample.ms);
    const sizes = byPage.map((sample) => sample.chars);
    const { tools, chars, approxTokens } = driver.toolList;
    console.log(
      `| ${driver.label} | ${tools} | ${thousands(chars)} | ${thousands(approxTokens)} | ${byPage.length} of ${pages.length} | ${median(times).toFixed(1)} | ${quantile(times, 0.9).toFixed(1)} | ` +
        `${thousands(median(sizes))} | ${thousands(quantile(sizes, 0.9))} | ${thousands(Math.max(...sizes))} |`,
    );
  }
  const peers = drivers.slice(1);
  console.log(`\nper page, ours/theirs (time of the median call; size)\n`);
  console.log(`| page | ${peers.map((peer) => `${peer.label} time | size`).join(" | ")} |`);
  console.log(`|---|${peers.map(() => "---|---").join("|")}|`);
  for (const page of pages) {
    const mine = samples.get(ours.label)?.get(page);
    const cells = peers.map((peer) => {
      const theirs = samples.get(peer.label)?.get(page);
      if (mine === undefined || theirs === undefined) return "- | -";
      return `${(median(mine.ms) / median(theirs.ms)).toFixed(2)} | ${(mine.chars / theirs.chars).toFixed(2)}`;
    });
    console.log(`| ${page} | ${cells.join(" | ")} |`);
  }
  console.log("");
  for (const peer of peers) {
    const ratios = pages.flatMap((page) => {
      const mine = samples.get(ours.label)?.get(page);
      const theirs = samples.get(peer.label)?.get(page);
      return mine === undefined || theirs === undefined ? [] : [median(mine.ms) / median(theirs.ms)];
    });
    console.log(
      `snapshot time per page, ours/${peer.label}: median ${median(ratios).toFixed(2)}, p90 ${quantile(ratios, 0.9).toFixed(2)} (target <= 0.5 both); ` +
        `slower on ${ratios.filter((ratio) => ratio > 1).length} of ${ratios.length} pages (target 0)`,
    );
  }
}

runBench(main);
