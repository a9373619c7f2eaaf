import type { Page } from "playwright-core";
import { WebOperatorClient } from "../agent-client/client.js";
import { isErrorResponse, type Hop } from "../protocol/index.js";
import { median, quantile } from "./bench/stats.js";
import { runBench, withBenchBrowser } from "./bench/benchRun.js";
import type { SharedBrowser } from "./bench/sharedBrowser.js";

/**
 * Several agents on one browser: N agents at once, each on its own socket connection and in its
 * own tab, open a page, snapshot it and click its button three times; Playwright drives N pages
 * of the same Chromium the same way (goto, an aria snapshot, locator.click three times). Ours and
 * Playwright's alternate at each N, in one run, so the machine's noise falls on both alike.
 * Every click of ours is traced (traceHops): each hop's median shows what a write waits on as N
 * grows (docs/benchmarks.md, bench:agents).
 */
const AGENT_COUNTS = (process.env.AGENTS ?? "1,5,20,50").split(",").map(Number);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const CLICKS = 3;
/** Generous: at 50 agents a call of either side can wait long, and a bench that dies tells less than a slow figure. */
const TIMEOUT_MS = 180_000;
const PAGE = `<!doctype html><title>Agent page</title><h1>Counter</h1>
<button onclick="this.dataset.n = (+this.dataset.n || 0) + 1; document.querySelector('output').textContent = this.dataset.n">Count</button>
<output>0</output>`;

interface BatchRun {
  clicks: number[];
  wallMs: number;
  hops: Hop[][];
}

let batchSerial = 0;

async function ourBatch(browser: SharedBrowser, url: string, agents: number): Promise<BatchRun> {
  batchSerial += 1;
  const clients = await Promise.all(
    Array.from({ length: agents }, (_, index) =>
      WebOperatorClient.connect({ socketPath: browser.socket, token: browser.token, agent: `bench-${batchSerial}-${index}` }),
    ),
  );
  const clicks: number[] = [];
  const hops: Hop[][] = [];
  const tabs: number[] = [];
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      const opened = await client.request("browser.tab_open", { url }, { timeoutMs: TIMEOUT_MS });
      tabs.push(opened.tabId);
      const snapshot = await client.request("browser.snapshot", {}, { timeoutMs: TIMEOUT_MS });
      const ref = /button "Count"[^\n]*\[ref=([^\]]+)\]/.exec(snapshot.text)?.[1];
      if (ref === undefined) throw new Error(`no button in the snapshot:\n${snapshot.text}`);
      for (let click = 0; click < CLICKS; click++) {
        const clickStarted = performance.now();
        const response = await client.send({ type: "browser.click", payload: { ref }, traceHops: true, timeoutMs: TIMEOUT_MS });
        const roundTrip = performance.now() - clickStarted;
        clicks.push(roundTrip);
        if (isErrorResponse(response)) throw new Error(`click failed: ${response.code}: ${response.error}`);
        const traced = response.hops ?? [];
        const unaccounted = roundTrip - traced.reduce((sum, hop) => sum + hop.ms, 0);
        hops.push([...traced, { hop: "socket both ways and the client (the rest)", ms: Math.max(0, unaccounted) }]);
      }
    }),
  );
  const wallMs = performance.now() - started;
  await Promise.all(tabs.map((tabId) => browser.client.request("browser.tab_close", { tabId }).catch(() => undefined)));
  for (const client of clients) client.close();
  return { clicks, wallMs, hops };
}

async function playwrightBatch(browser: SharedBrowser, url: string, agents: number): Promise<BatchRun> {
  const clicks: number[] = [];
  const pages: Page[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: agents }, async () => {
      const page = await browser.context.newPage();
      page.setDefaultTimeout(TIMEOUT_MS);
      pages.push(page);
      await page.goto(url);
      await page.locator("body").ariaSnapshot();
      const button = page.getByRole("button", { name: "Count" });
      for (let click = 0; click < CLICKS; click++) {
        const clickStarted = performance.now();
        await button.click();
        clicks.push(performance.now() - clickStarted);
      }
    }),
  );
  const wallMs = performance.now() - started;
  await Promise.all(pages.map((page) => page.close()));
  return { clicks, wallMs, hops: [] };
}

/** Each hop's median across the traced clicks: a hop a click passes more than once counts its sum. */
function hopMedians(traces: readonly Hop[][]): Array<[string, number]> {
  const byName = new Map<string, number[]>();
  for (const trace of traces) {
    const sums = new Map<string, number>();
    for (const hop of trace) sums.set(hop.hop, (sums.get(hop.hop) ?? 0) + hop.ms);
    for (const [name, ms] of sums) byName.set(name, [...(byName.get(name) ?? []), ms]);
  }
  return [...byName].map(([name, samples]) => [name, median(samples)]);
}

async function main(): Promise<void> {
  await withBenchBrowser(null, { "/agent.html": PAGE }, async (browser, server) => {
    const url = `${server.origin}/agent.html`;
    // Warm both paths once: the first content script and Playwright's first page pay for start-up.
    await ourBatch(browser, url, 1);
    await playwrightBatch(browser, url, 1);
    const rows: string[] = [];
    for (const agents of AGENT_COUNTS) {
      const ours: BatchRun[] = [];
      const theirs: BatchRun[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        ours.push(await ourBatch(browser, url, agents));
        theirs.push(await playwrightBatch(browser, url, agents));
      }
      const ourClick = median(ours.flatMap((run) => run.clicks));
      const theirClick = median(theirs.flatMap((run) => run.clicks));
      const ourWall = median(ours.map((run) => run.wallMs));
      const theirWall = median(theirs.map((run) => run.wallMs));
      console.log(
        `${agents} agent(s): click p50 ours ${ourClick.toFixed(0)} ms (p90 ${quantile(
          ours.flatMap((run) => run.clicks),
          0.9,
        ).toFixed(
          0,
        )}), Playwright ${theirClick.toFixed(0)} ms; batch wall ours ${ourWall.toFixed(0)} ms, Playwright ${theirWall.toFixed(0)} ms`,
      );
      for (const [hop, ms] of hopMedians(ours.flatMap((run) => run.hops)))
        console.log(`    ${hop.padEnd(64)} ${ms.toFixed(1).padStart(8)} ms`);
      rows.push(
        `| ${agents} | ${ourClick.toFixed(0)} ms | ${theirClick.toFixed(0)} ms | ${(ourClick / theirClick).toFixed(2)} | ` +
          `${ourWall.toFixed(0)} ms | ${theirWall.toFixed(0)} ms | ${(ourWall / theirWall).toFixed(2)} |`,
      );
    }
    console.log("\n| agents | our click p50 | Playwright click p50 | ratio | our batch wall | Playwright batch wall | ratio |");
    console.log("|---|---|---|---|---|---|---|");
    for (const row of rows) console.log(row);
  });
}

runBench(main);
