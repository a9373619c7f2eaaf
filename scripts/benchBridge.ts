import type { Page } from "playwright-core";
import { WebOperatorClient } from "../agent-client/client.js";
import { runBench, withBenchBrowser } from "./bench/benchRun.js";
import type { SharedBrowser } from "./bench/sharedBrowser.js";
import { describeLatencies, percentile, timed } from "./latencyStats.js";

/**
 * `npm run bench:bridge`: N agents at once in one Chromium, each opening a tab, taking a
 * snapshot and clicking a button three times, side by side with Playwright driving N pages
 * of the same browser the same way (newPage + goto, ariaSnapshot, three clicks). Prints both
 * batch times, their ratio and the click p50s; then the bridge's own overhead (bridge.health,
 * one at a time and pipelined). Options: --clients N (default 50), --batches N (default 2,
 * alternating which side goes first), --health N.
 */
function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} wants a positive integer`);
  return value;
}

const CLICKS = 3;
const PIPELINE_WINDOW = 64;
const CALL_TIMEOUT_MS = 120_000;

const TARGET_PAGE = `<!doctype html><title>Agent target</title>
<h1>Agent target</h1><p id="status" role="status">idle</p>
<button onclick="document.getElementById('status').textContent = 'clicked ' + (++window.clicks || (window.clicks = 1))">Press me</button>
<label>Name <input id="name"></label><a href="/target">Again</a>`;

interface Batch {
  wallMs: number;
  errors: string[];
  latencies: Record<"open" | "snapshot" | "click", number[]>;
}

function emptyBatch(): Batch {
  return { wallMs: 0, errors: [], latencies: { open: [], snapshot: [], click: [] } };
}

async function runBatch(clients: number, agent: (index: number, batch: Batch) => Promise<void>): Promise<Batch> {
  const batch = emptyBatch();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, (_, index) =>
      agent(index, batch).catch((error: unknown) => {
        batch.errors.push(`agent ${index}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
      }),
    ),
  );
  batch.wallMs = performance.now() - started;
  return batch;
}

/** Each agent is its own named connection (bridge.hello) that opens its own tab and drives only that tab. */
function oursAgent(connect: (agent: string) => Promise<WebOperatorClient>, url: string, opened: number[]) {
  return async (index: number, batch: Batch): Promise<void> => {
    const client = await connect(`bench-${index}`);
    try {
      const { tabId } = await timed(batch.latencies.open, () =>
        client.request("browser.tab_open", { url: `${url}?agent=${index}` }, { timeoutMs: CALL_TIMEOUT_MS }),
      );
      opened.push(tabId);
      const snapshot = await timed(batch.latencies.snapshot, () =>
        client.request("browser.snapshot", { tabId }, { timeoutMs: CALL_TIMEOUT_MS }),
      );
      const ref = /button "Press me" \[ref=([^\]]+)\]/.exec(snapshot.text)?.[1];
      if (ref === undefined) throw new Error(`no "Press me" button in its snapshot`);
      for (let click = 0; click < CLICKS; click++)
        await timed(batch.latencies.click, () => client.request("browser.click", { ref, tabId }, { timeoutMs: CALL_TIMEOUT_MS }));
    } finally {
      client.close();
    }
  };
}

function playwrightAgent(browser: SharedBrowser, url: string, opened: Page[]) {
  return async (index: number, batch: Batch): Promise<void> => {
    const page = await timed(batch.latencies.open, async () => {
      const created = await browser.context.newPage();
      opened.push(created);
      await created.goto(`${url}?playwright=${index}`, { timeout: CALL_TIMEOUT_MS });
      return created;
    });
    const snapshot = await timed(batch.latencies.snapshot, () => page.ariaSnapshot({ mode: "ai", timeout: CALL_TIMEOUT_MS }));
    if (!snapshot.includes("Press me")) throw new Error(`no "Press me" button in its snapshot`);
    const button = page.getByRole("button", { name: "Press me" });
    for (let click = 0; click < CLICKS; click++) await timed(batch.latencies.click, () => button.click({ timeout: CALL_TIMEOUT_MS }));
  };
}

async function healthRates(
  client: WebOperatorClient,
  count: number,
): Promise<{ sequential: number[]; perSecond: number; pipelinedPerSecond: number }> {
  for (let index = 0; index < 500; index++) await client.request("bridge.health", {});
  const sequential: number[] = [];
  let started = performance.now();
  for (let index = 0; index < count; index++) await timed(sequential, () => client.request("bridge.health", {}));
  const perSecond = count / ((performance.now() - started) / 1000);
  started = performance.now();
  let sent = 0;
  const lane = async (): Promise<void> => {
    while (sent < count) {
      sent++;
      await client.request("bridge.health", {});
    }
  };
  await Promise.all(Array.from({ length: PIPELINE_WINDOW }, lane));
  return { sequential, perSecond, pipelinedPerSecond: count / ((performance.now() - started) / 1000) };
}

function describeBatch(label: string, batch: Batch): string[] {
  return [
    `${label}: batch ${(batch.wallMs / 1000).toFixed(2)} s, ${batch.errors.length} errors`,
    ...Object.entries(batch.latencies).map(([step, samples]) => `  ${step}: ${describeLatencies(samples)}`),
    ...batch.errors.slice(0, 5).map((error) => `  error: ${error}`),
  ];
}

async function main(): Promise<void> {
  const clients = option("clients", Number(process.env.AGENTS ?? 50));
  const batches = option("batches", 2);
  const healthCount = option("health", 5_000);
  const ours: Batch[] = [];
  const theirs: Batch[] = [];
  const health = await withBenchBrowser(null, { "/target": TARGET_PAGE }, async (browser, server) => {
    const url = `${server.origin}/target`;
    const connect = (agent: string): Promise<WebOperatorClient> =>
      WebOperatorClient.connect({ socketPath: browser.socket, token: browser.token, agent });
    const rates = await healthRates(browser.client, healthCount);
    for (let round = 0; round < batches; round++) {
      // Alternating which side goes first, so a warmer browser favours neither.
      const order = round % 2 === 0 ? (["ours", "playwright"] as const) : (["playwright", "ours"] as const);
      for (const side of order) {
        if (side === "ours") {
          const opened: number[] = [];
          ours.push(await runBatch(clients, oursAgent(connect, url, opened)));
          for (const tabId of opened) await browser.client.request("browser.tab_close", { tabId }).catch(() => undefined);
        } else {
          const opened: Page[] = [];
          theirs.push(await runBatch(clients, playwrightAgent(browser, url, opened)));
          for (const page of opened) await page.close().catch(() => undefined);
        }
      }
    }
    return rates;
  });
  console.log(
    `bridge.health, one connection, one at a time: ${health.perSecond.toFixed(0)} req/s, ${describeLatencies(health.sequential)}`,
  );
  console.log(`bridge.health, one connection, ${PIPELINE_WINDOW} in flight: ${health.pipelinedPerSecond.toFixed(0)} req/s`);
  console.log(`\n${clients} agents at once in one Chromium, each: open a tab on a small page, snapshot, click ${CLICKS} times.`);
  console.log("ours = one socket connection per agent (bridge.hello), tab_open + browser.snapshot + browser.click;");
  console.log("playwright = the same Chromium over CDP, context.newPage + goto, ariaSnapshot({mode:'ai'}), locator.click.");
  for (let round = 0; round < batches; round++) {
    for (const line of describeBatch(`batch ${round + 1} ours`, ours[round] ?? emptyBatch())) console.log(line);
    for (const line of describeBatch(`batch ${round + 1} playwright`, theirs[round] ?? emptyBatch())) console.log(line);
  }
  const total = (list: Batch[]): number => list.reduce((sum, batch) => sum + batch.wallMs, 0);
  const clicks = (list: Batch[]): number[] => list.flatMap((batch) => batch.latencies.click);
  console.log(
    `ratio ours/playwright: batch time ${(total(ours) / total(theirs)).toFixed(2)} (per batch ${ours.map((batch, index) => (batch.wallMs / (theirs[index]?.wallMs ?? Number.NaN)).toFixed(2)).join(", ")}); ` +
      `click p50 ${percentile(clicks(ours), 50).toFixed(0)} ms against ${percentile(clicks(theirs), 50).toFixed(0)} ms (${(percentile(clicks(ours), 50) / percentile(clicks(theirs), 50)).toFixed(2)})`,
  );
  const errors = [...ours, ...theirs].reduce((sum, batch) => sum + batch.errors.length, 0);
  process.exitCode = errors > 0 ? 1 : 0;
}

runBench(main);
