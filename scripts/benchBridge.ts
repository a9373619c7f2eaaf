import { chromium } from "playwright-core";
import { WebOperatorClient } from "../agent-client/client.js";
import { findBrowser } from "../agent-client/launch/findBrowser.js";
import { OFFLINE_SAFE_CHROMIUM_FLAGS } from "../agent-client/launch/chromiumFlags.js";
import { startLiveEnvironment } from "./liveEnvironment.js";
import { describeLatencies, percentile, timed } from "./latencyStats.js";

/**
 * `npm run bench:bridge`: the bridge's own overhead (bridge.health on one connection,
 * one at a time and pipelined), then CLIENTS agents at once each driving its own tab
 * (navigate, snapshot, click), then Playwright's page.evaluate round trip on the same
 * machine as the anchor. Options: --health N, --clients N, --rounds N, --evaluate N.
 */
function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} wants a positive integer`);
  return value;
}

const PIPELINE_WINDOW = 64;

async function healthSequential(client: WebOperatorClient, count: number): Promise<{ perSecond: number; samples: number[] }> {
  const samples: number[] = [];
  const started = performance.now();
  for (let index = 0; index < count; index++) await timed(samples, () => client.request("bridge.health", {}));
  return { perSecond: count / ((performance.now() - started) / 1000), samples };
}

async function healthPipelined(client: WebOperatorClient, count: number): Promise<number> {
  const started = performance.now();
  let sent = 0;
  const lane = async (): Promise<void> => {
    while (sent < count) {
      sent++;
      await client.request("bridge.health", {});
    }
  };
  await Promise.all(Array.from({ length: PIPELINE_WINDOW }, lane));
  return count / ((performance.now() - started) / 1000);
}

interface AgentLoad {
  errors: string[];
  latencies: Record<"tab_open" | "navigate" | "snapshot" | "click", number[]>;
  wallMs: number;
}

/** Each client is a named agent (bridge.hello) that opens its own tab and drives only that tab. */
async function concurrentAgents(connect: (agent?: string) => Promise<WebOperatorClient>, url: string, clients: number, rounds: number): Promise<AgentLoad> {
  const load: AgentLoad = { errors: [], latencies: { tab_open: [], navigate: [], snapshot: [], click: [] }, wallMs: 0 };
  const agent = async (index: number): Promise<void> => {
    const client = await connect(`bench-${index}`);
    try {
      const { tabId } = await timed(load.latencies.tab_open, () => client.request("browser.tab_open", { url }, { timeoutMs: 60_000 }));
      for (let round = 0; round < rounds; round++) {
        await timed(load.latencies.navigate, () => client.request("browser.navigate", { url: `${url}?agent=${index}&round=${round}`, tabId }, { timeoutMs: 60_000 }));
        const snapshot = await timed(load.latencies.snapshot, () => client.request("browser.snapshot", { tabId }, { timeoutMs: 60_000 }));
        const ref = /button "Press me" \[ref=([^\]]+)\]/.exec(snapshot.text)?.[1];
        if (!ref) throw new Error(`agent ${index}: no "Press me" button in its snapshot`);
        await timed(load.latencies.click, () => client.request("browser.click", { ref, tabId }, { timeoutMs: 60_000 }));
      }
    } catch (error) {
      load.errors.push(`agent ${index}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      client.close();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, index) => agent(index)));
  load.wallMs = performance.now() - started;
  return load;
}

async function playwrightEvaluate(count: number): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: findBrowser() ?? "/usr/bin/chromium", headless: true, args: OFFLINE_SAFE_CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    await page.setContent("<title>anchor</title><button>Press me</button>");
    for (let index = 0; index < 20; index++) await page.evaluate(() => 1);
    const samples: number[] = [];
    for (let index = 0; index < count; index++) await timed(samples, () => page.evaluate(() => 1));
    return samples;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const healthCount = option("health", 20_000);
  const clients = option("clients", 50);
  const rounds = option("rounds", 3);
  const evaluateCount = option("evaluate", 2_000);
  const environment = await startLiveEnvironment();
  const connect = (agent?: string): Promise<WebOperatorClient> =>
    WebOperatorClient.connect({ socketPath: environment.launched.socket, token: environment.launched.token, ...(agent === undefined ? {} : { agent }) });
  let sequential: { perSecond: number; samples: number[] };
  let pipelined: number;
  let load: AgentLoad;
  try {
    const client = await connect();
    for (let index = 0; index < 500; index++) await client.request("bridge.health", {});
    sequential = await healthSequential(client, healthCount);
    pipelined = await healthPipelined(client, healthCount);
    client.close();
    load = await concurrentAgents(connect, environment.targetUrl, clients, rounds);
  } finally {
    await environment.close();
  }
  const anchor = await playwrightEvaluate(evaluateCount);
  const anchorP50 = percentile(anchor, 50);
  console.log(`bridge.health, one connection, one at a time: ${sequential.perSecond.toFixed(0)} req/s, ${describeLatencies(sequential.samples)}`);
  console.log(`bridge.health, one connection, ${PIPELINE_WINDOW} in flight: ${pipelined.toFixed(0)} req/s`);
  console.log(`anchor: Playwright page.evaluate(() => 1) round trip: ${describeLatencies(anchor)}`);
  console.log(`ratio: bridge.health p50 / page.evaluate p50 = ${(percentile(sequential.samples, 50) / anchorP50).toFixed(2)}`);
  console.log(`${clients} agents at once, each tab_open then ${rounds} rounds of navigate + snapshot + click on its own tab (${(load.wallMs / 1000).toFixed(1)} s): ${load.errors.length} errors`);
  for (const [command, samples] of Object.entries(load.latencies)) {
    console.log(`  ${command}: ${describeLatencies(samples)} (p50 = ${(percentile(samples, 50) / anchorP50).toFixed(1)}x page.evaluate p50)`);
  }
  for (const error of load.errors.slice(0, 10)) console.log(`  error: ${error}`);
  process.exitCode = load.errors.length > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
