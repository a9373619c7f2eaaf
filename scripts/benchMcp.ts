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
 *
 * What an agent meets first: each run loads the page afresh (a new document), then times the
 * navigate and the first snapshot after it; a repeat on the unchanged page follows, and is
 * reported on a line of its own, because a cache makes it cheap and agents rarely ask twice.
 * LOADS fresh loads a page per server (default 3), PAGES filters.
 */
const LOADS = Number(process.env.LOADS ?? process.env.RUNS ?? 3);
const OFFLINE_CSP = "default-src 'self' 'unsafe-inline' data: blob:";

interface Sample {
  navigateMs: number[];
  firstMs: number[];
  repeatMs: number[];
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

function failed(page: string, driver: SnapshotDriver, what: string, error: unknown): null {
  console.error(`${page}: ${driver.label} ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  return null;
}

/** The servers take turns per load, so machine noise hits all alike; each load is a new document (`?load=N`). */
async function measurePage(
  drivers: readonly SnapshotDriver[],
  url: string,
  page: string,
  samples: Map<string, PageSamples>,
): Promise<void> {
  for (let load = 0; load < LOADS; load++) {
    for (const driver of drivers) {
      const navigateMs = await driver.navigate(`${url}?load=${load}`).catch((error: unknown) => failed(page, driver, "navigate", error));
      if (navigateMs === null) continue;
      const first = await driver.snapshot().catch((error: unknown) => failed(page, driver, "first snapshot", error));
      if (first === null) continue;
      const repeat = await driver.snapshot().catch((error: unknown) => failed(page, driver, "repeat snapshot", error));
      const byPage = samples.get(driver.label);
      const sample = byPage?.get(page) ?? { navigateMs: [], firstMs: [], repeatMs: [], chars: first.chars };
      sample.navigateMs.push(navigateMs);
      sample.firstMs.push(first.ms);
      if (repeat !== null) sample.repeatMs.push(repeat.ms);
      sample.chars = first.chars;
      byPage?.set(page, sample);
    }
  }
  console.error(
    `${page}: ${drivers.map((driver) => `${driver.label} ${samples.get(driver.label)?.get(page)?.chars ?? "-"} chars`).join(", ")}`,
  );
}

const thousands = (value: number): string => Math.round(value).toLocaleString("en-US");
const ms = (value: number): string => value.toFixed(1);

/** Per page, the median of ours over the median of theirs, for one figure of a sample. */
function pageRatios(
  pages: readonly string[],
  mine: PageSamples | undefined,
  theirs: PageSamples | undefined,
  figure: (sample: Sample) => number[],
): Map<string, number> {
  const ratios = new Map<string, number>();
  for (const page of pages) {
    const a = mine?.get(page);
    const b = theirs?.get(page);
    if (a !== undefined && b !== undefined) ratios.set(page, median(figure(a)) / median(figure(b)));
  }
  return ratios;
}

const navigatePlusFirst = (sample: Sample): number[] => sample.navigateMs.map((navigate, load) => navigate + (sample.firstMs[load] ?? NaN));

function report(drivers: readonly SnapshotDriver[], pages: readonly string[], samples: Map<string, PageSamples>): void {
  const [ours] = drivers;
  if (ours === undefined) return;
  console.log(
    `\nweboperator mcp vs Playwright MCP vs chrome-devtools-mcp: ${pages.length} corpus pages, ${LOADS} fresh loads each per server\n`,
  );
  console.log("The first snapshot after a load (what an agent meets):\n");
  console.log(
    "| server | tools | tool-list chars | about tokens | pages answered | first snapshot ms median | p90 | navigate ms median | p90 | snapshot chars median | p90 | max |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const driver of drivers) {
    const byPage = [...(samples.get(driver.label)?.values() ?? [])];
    const firsts = byPage.flatMap((sample) => sample.firstMs);
    const navigates = byPage.flatMap((sample) => sample.navigateMs);
    const sizes = byPage.map((sample) => sample.chars);
    const { tools, chars, approxTokens } = driver.toolList;
    console.log(
      `| ${driver.label} | ${tools} | ${thousands(chars)} | ${thousands(approxTokens)} | ${byPage.length} of ${pages.length} | ` +
        `${ms(median(firsts))} | ${ms(quantile(firsts, 0.9))} | ${ms(median(navigates))} | ${ms(quantile(navigates, 0.9))} | ` +
        `${thousands(median(sizes))} | ${thousands(quantile(sizes, 0.9))} | ${thousands(Math.max(...sizes))} |`,
    );
  }
  const peers = drivers.slice(1);
  const mine = samples.get(ours.label);
  const firstRatios = peers.map((peer) => pageRatios(pages, mine, samples.get(peer.label), (sample) => sample.firstMs));
  const sizeRatios = peers.map((peer) => pageRatios(pages, mine, samples.get(peer.label), (sample) => [sample.chars]));
  const wholeRatios = peers.map((peer) => pageRatios(pages, mine, samples.get(peer.label), navigatePlusFirst));
  console.log(`\nper page, ours/theirs (first snapshot and navigate plus first snapshot: medians of the loads; size)\n`);
  console.log(
    `| page | ours first ms | navigate ms: ${drivers.map((driver) => driver.label).join(" / ")} | ${peers.map((peer) => `${peer.label} first snapshot | navigate plus first | size`).join(" | ")} |`,
  );
  console.log(`|---|---|---|${peers.map(() => "---|---|---").join("|")}|`);
  for (const page of pages) {
    const ourFirst = mine?.get(page)?.firstMs;
    const cells = peers.map((_, index) => {
      const time = firstRatios[index]?.get(page);
      const whole = wholeRatios[index]?.get(page);
      const size = sizeRatios[index]?.get(page);
      return time === undefined || size === undefined || whole === undefined
        ? "- | - | -"
        : `${time.toFixed(2)} | ${whole.toFixed(2)} | ${size.toFixed(2)}`;
    });
    const navigates = drivers.map((driver) => {
      const loads = samples.get(driver.label)?.get(page)?.navigateMs ?? [];
      return loads.length === 0 ? "-" : ms(median(loads));
    });
    cells.unshift(ourFirst === undefined || ourFirst.length === 0 ? "-" : ms(median(ourFirst)), navigates.join(" / "));
    console.log(`| ${page} | ${cells.join(" | ")} |`);
  }
  console.log("");
  peers.forEach((peer, index) => {
    const ratios = [...(firstRatios[index]?.values() ?? [])];
    const whole = [...(wholeRatios[index]?.values() ?? [])];
    console.log(
      `first snapshot after a load per page, ours/${peer.label}: median ${median(ratios).toFixed(2)}, p90 ${quantile(ratios, 0.9).toFixed(2)} ` +
        `(target <= 0.5, <= 1.0); slower on ${ratios.filter((ratio) => ratio > 1).length} of ${ratios.length} pages`,
    );
    console.log(
      `navigate plus first snapshot per page, ours/${peer.label}: median ${median(whole).toFixed(2)}, p90 ${quantile(whole, 0.9).toFixed(2)} (target p90 <= 0.7)`,
    );
  });
  console.log("\nA repeat on the unchanged page (our snapshot cache answers it; not what an agent meets after a load or an action):\n");
  for (const driver of drivers) {
    const repeats = [...(samples.get(driver.label)?.values() ?? [])].flatMap((sample) => sample.repeatMs);
    console.log(`  ${driver.label.padEnd(28)} repeat snapshot ms median ${ms(median(repeats))}, p90 ${ms(quantile(repeats, 0.9))}`);
  }
}

runBench(main);
