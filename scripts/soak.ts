import { WebOperatorClient } from "../agent-client/client.js";
import { WebOperatorError } from "../protocol/index.js";
import { startLiveEnvironment } from "./liveEnvironment.js";
import { describeLatencies } from "./latencyStats.js";
import { treeRssKb } from "./soak/processTreeRss.js";
import { rssKb } from "./fuzz/processRss.js";
import { trendOf, type MemorySample, type Trend } from "./soak/memoryTrend.js";

/**
 * `npm run soak`: AGENTS named agents, each in its own tab (the front tab of its own
 * window, so screenshots render), run a fixed cycle of mixed commands one at a time for
 * --minutes (default 30), opening and closing a scratch tab every cycle. Every
 * --sample-seconds the bridge's RSS and the browser's (its process tree, bridge excluded)
 * are sampled; the report says how each grew from the warmed-up second quarter of the run
 * to its last quarter. Loopback only: the pages come from a 127.0.0.1 server.
 */
function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} wants a positive number`);
  return value;
}

/** Growth above this, from the second quarter to the last, is reported as not flat. */
const FLAT_GROWTH_PERCENT = 10;

interface AgentCounters {
  commands: number;
  errors: Map<string, number>;
  /** The first message seen per error code, to say what went wrong. */
  firstMessages: Map<string, string>;
  latencies: number[];
}

/** Runs the cycle until `until`; answers the agent's tab, left open so the last sample still sees it. */
async function runAgent(client: WebOperatorClient, targetUrl: string, until: number, counters: AgentCounters): Promise<number> {
  const { tabId } = await client.request("browser.tab_open", { url: targetUrl, newWindow: true }, { timeoutMs: 60_000 });
  let cycle = 0;
  const step = async (run: () => Promise<unknown>): Promise<void> => {
    const started = performance.now();
    try {
      await run();
    } catch (error) {
      const code = error instanceof WebOperatorError ? error.code : "client_error";
      counters.errors.set(code, (counters.errors.get(code) ?? 0) + 1);
      if (!counters.firstMessages.has(code)) counters.firstMessages.set(code, error instanceof Error ? error.message : String(error));
    } finally {
      counters.commands++;
      counters.latencies.push(performance.now() - started);
    }
  };
  while (Date.now() < until) {
    cycle++;
    await step(() => client.request("browser.navigate", { url: `${targetUrl}?cycle=${cycle}`, tabId }, { timeoutMs: 60_000 }));
    let snapshotText = "";
    await step(async () => {
      snapshotText = (await client.request("browser.snapshot", { tabId }, { timeoutMs: 60_000 })).text;
    });
    const button = /button "Press me" \[ref=([^\]]+)\]/.exec(snapshotText)?.[1];
    const name = /textbox "Name" \[ref=([^\]]+)\]/.exec(snapshotText)?.[1];
    if (button !== undefined) await step(() => client.request("browser.click", { ref: button, tabId }, { timeoutMs: 60_000 }));
    if (name !== undefined)
      await step(() => client.request("browser.type", { ref: name, text: `cycle ${cycle}`, tabId }, { timeoutMs: 60_000 }));
    await step(() => client.request("browser.scroll", { direction: "down", tabId }, { timeoutMs: 60_000 }));
    await step(() => client.request("browser.extract", { tabId }, { timeoutMs: 60_000 }));
    if (cycle % 5 === 0) await step(() => client.request("browser.screenshot", { tabId }, { timeoutMs: 60_000 }));
    await step(() => client.request("browser.tabs_list", {}, { timeoutMs: 60_000 }));
    await step(() => client.request("bridge.health", {}));
    await step(async () => {
      const scratch = await client.request("browser.tab_open", { url: `${targetUrl}?scratch=${cycle}` }, { timeoutMs: 60_000 });
      await client.request("browser.tab_close", { tabId: scratch.tabId }, { timeoutMs: 60_000 });
    });
  }
  return tabId;
}

function describeTrend(label: string, trend: Trend): string {
  const flat = trend.growthPercent <= FLAT_GROWTH_PERCENT;
  return (
    `${label}: ${(trend.earlyKb / 1024).toFixed(1)} MiB (second quarter median) -> ${(trend.lateKb / 1024).toFixed(1)} MiB (last quarter median), ` +
    `${trend.growthPercent >= 0 ? "+" : ""}${trend.growthPercent.toFixed(1)}%, slope ${(trend.slopeKbPerMinute / 1024).toFixed(2)} MiB/min: ${flat ? "flat" : `GROWING (over ${FLAT_GROWTH_PERCENT}%)`}`
  );
}

async function main(): Promise<void> {
  const minutes = option("minutes", 30);
  const agentCount = option("agents", 4);
  const sampleMs = option("sample-seconds", 15) * 1000;
  const environment = await startLiveEnvironment();
  const samples: MemorySample[] = [];
  const counters: AgentCounters = { commands: 0, errors: new Map(), firstMessages: new Map(), latencies: [] };
  let timer: NodeJS.Timeout | undefined;
  try {
    const { socket, token } = environment.launched;
    const watcher = await WebOperatorClient.connect({ socketPath: socket, token });
    const bridgePid = (await watcher.request("bridge.health", {})).bridge.pid;
    const browserPid = environment.launched.browser.process()?.pid;
    if (browserPid === undefined) throw new Error("the launched browser has no process id to measure");
    const started = Date.now();
    const sample = (): void => {
      const at = Date.now() - started;
      const entry = { atMs: at, bridgeKb: rssKb(bridgePid) ?? 0, browserKb: treeRssKb(browserPid, [bridgePid]) };
      samples.push(entry);
      console.log(
        `${(at / 60_000).toFixed(1).padStart(5)} min  bridge ${(entry.bridgeKb / 1024).toFixed(1)} MiB  browser ${(entry.browserKb / 1024).toFixed(1)} MiB  commands ${counters.commands}`,
      );
    };
    sample();
    timer = setInterval(sample, sampleMs);
    const until = started + minutes * 60_000;
    const agents = await Promise.all(
      Array.from({ length: agentCount }, (_, index) =>
        WebOperatorClient.connect({ socketPath: socket, token, agent: `soak-${index + 1}` }),
      ),
    );
    const tabs = await Promise.all(agents.map((client) => runAgent(client, environment.targetUrl, until, counters)));
    clearInterval(timer);
    sample();
    await Promise.all(
      agents.map((client, index) => client.request("browser.tab_close", { tabId: tabs[index] ?? 0 }).catch(() => undefined)),
    );
    for (const client of agents) client.close();
    watcher.close();
  } finally {
    clearInterval(timer);
    await environment.close();
  }
  const errors = [...counters.errors.entries()].map(([code, count]) => `${code} ${count}`).join(", ");
  console.log(
    `soak: ${minutes} min, ${agentCount} agents, ${counters.commands} commands, ${[...counters.errors.values()].reduce((a, b) => a + b, 0)} errors${errors ? ` (${errors})` : ""}`,
  );
  for (const [code, message] of counters.firstMessages) console.log(`  first ${code}: ${message}`);
  console.log(`  command latency: ${describeLatencies(counters.latencies)}`);
  const bridge = trendOf(samples, (entry) => entry.bridgeKb);
  const browser = trendOf(samples, (entry) => entry.browserKb);
  console.log(`  ${describeTrend("bridge RSS", bridge)}`);
  console.log(`  ${describeTrend("browser RSS (process tree, summed)", browser)}`);
  process.exitCode =
    counters.errors.size > 0 || bridge.growthPercent > FLAT_GROWTH_PERCENT || browser.growthPercent > FLAT_GROWTH_PERCENT ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
