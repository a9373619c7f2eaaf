import type { WebOperatorClient } from "../agent-client/client.js";
import { isErrorResponse, type Hop } from "../protocol/index.js";
import { describe, median, quantile, timeMany } from "./bench/stats.js";
import { runBench, withBenchBrowser } from "./bench/benchRun.js";
import { measureNativeEcho } from "./bench/nativeEcho.js";
import { ONE_KB_PAGE, largeCorpusPage, printFirstLook } from "./bench/firstLook.js";

/**
 * The fixed costs of perception, in one Chromium with our extension:
 * - per call: browser.snapshot of a 10-element page against bridge.health (the socket and
 *   bridge alone) and browser.policy_get (the native port and the service worker, no page);
 * - per hop: traced snapshots (traceHops), each hop's median;
 * - Chrome's floor: a bare native-messaging echo (no code of ours) in the same Chromium;
 * - per document: the first snapshot after a load, hop by hop, beside one after a DOM change
 *   and a cached repeat, on a 1 KB page and a large real one (firstLook.ts).
 */
const CALLS = Number(process.env.CALLS ?? 200);
const DOCUMENTS = Number(process.env.DOCUMENTS ?? 9);

const TEN_ELEMENTS = `<!doctype html><title>Ten</title><h1>Ten elements</h1><p>Some text.</p>
<nav><a href="#a">First</a> <a href="#b">Second</a></nav><label>Name <input></label>
<button>Save</button><ul><li>One</li><li>Two</li></ul>`;

interface TracedCall {
  roundTripMs: number;
  hops: Hop[];
  resultBytes: number;
}

async function tracedSnapshot(client: WebOperatorClient): Promise<TracedCall> {
  const started = performance.now();
  const response = await client.send({ type: "browser.snapshot", payload: {}, traceHops: true });
  const roundTripMs = performance.now() - started;
  if (isErrorResponse(response)) throw new Error(`traced snapshot failed: ${response.code}: ${response.error}`);
  if (response.hops === undefined) throw new Error("the bridge answered a traced request without hops");
  return { roundTripMs, hops: response.hops, resultBytes: JSON.stringify(response.result).length };
}

/** Every hop's median and p90 across the traced calls, in the order the first call ran them. */
function hopTable(calls: readonly TracedCall[]): string[] {
  const names = calls[0]?.hops.map((hop) => hop.hop) ?? [];
  const byName = new Map<string, number[]>(names.map((name) => [name, []]));
  const client: number[] = [];
  for (const call of calls) {
    for (const hop of call.hops) byName.get(hop.hop)?.push(hop.ms);
    client.push(call.roundTripMs - call.hops.reduce((sum, hop) => sum + hop.ms, 0));
  }
  byName.set("socket, both ways, and the client (round trip minus all of the above)", client);
  const rows = [...byName].map(
    ([name, samples]) =>
      `  ${name.padEnd(72)} ${median(samples).toFixed(3).padStart(7)} ms  p90 ${quantile(samples, 0.9).toFixed(3).padStart(7)} ms`,
  );
  const sumOfMedians = [...byName.values()].reduce((sum, samples) => sum + median(samples), 0);
  rows.push(
    `  ${"sum of the medians".padEnd(72)} ${sumOfMedians.toFixed(3).padStart(7)} ms; round trip median ${median(calls.map((call) => call.roundTripMs)).toFixed(3)} ms`,
  );
  return rows;
}

async function main(): Promise<void> {
  let resultBytes = 0;
  const large = largeCorpusPage();
  const pages: Record<string, string> = { "/ten.html": TEN_ELEMENTS, "/one-kb.html": ONE_KB_PAGE };
  if (large !== null) pages["/large.html"] = large.html;
  await withBenchBrowser(null, pages, async (browser, server) => {
    const { client } = browser;
    const url = `${server.origin}/ten.html`;
    await client.request("browser.navigate", { url });
    for (let warm = 0; warm < 20; warm++) await client.request("browser.snapshot", {});
    const health = await timeMany(CALLS, () => client.request("bridge.health", {}));
    const nativeFloor = await timeMany(CALLS, () => client.request("browser.policy_get", {}));
    const snapshots = await timeMany(CALLS, () => client.request("browser.snapshot", {}));
    const traced: TracedCall[] = [];
    for (let call = 0; call < CALLS; call++) traced.push(await tracedSnapshot(client));
    resultBytes = traced[0]?.resultBytes ?? 0;
    const playwright = await timeMany(CALLS, () => browser.pageAt(url).ariaSnapshot({ mode: "ai" }));
    console.log(`bridge.health round trip: ${describe(health, 2)}`);
    console.log(
      `browser.policy_get (native port + service worker, no page): ${describe(nativeFloor, 2)}; above health at the median ${(median(nativeFloor) - median(health)).toFixed(2)} ms`,
    );
    console.log(
      `browser.snapshot, 10-element page: ${describe(snapshots, 2)}; traced: ${describe(
        traced.map((call) => call.roundTripMs),
        2,
      )}`,
    );
    console.log(`playwright ariaSnapshot, same page: ${describe(playwright, 2)}`);
    console.log(
      `snapshot above health at the median: ${(median(snapshots) - median(health)).toFixed(2)} ms (target <= 1.5); ours/playwright at the median ${(median(snapshots) / median(playwright)).toFixed(2)}`,
    );
    console.log("");
    console.log(`browser.snapshot hop by hop (${traced.length} traced calls, result ${resultBytes} bytes of JSON).`);
    console.log("Each process times its own steps with its own clock; no timestamp crosses a process. A hop between");
    console.log("two processes (the native port, the content port, the socket) is the outer process's round trip");
    console.log("minus the inner process's own total, so it holds both directions, both serialisations and Chrome's IPC.");
    for (const row of hopTable(traced)) console.log(row);

    await printFirstLook(browser, `${server.origin}/one-kb.html`, "a 1 KB page", DOCUMENTS);
    if (large === null) console.log("\n(the large page needs ../shared/corpus: skipped)");
    else await printFirstLook(browser, `${server.origin}/large.html`, large.name, DOCUMENTS);
  });

  // After ours has closed: the two browsers never share the two cores.
  const requestBytes = 300;
  const echo = await measureNativeEcho(CALLS, [requestBytes, Math.max(requestBytes, resultBytes)]);
  console.log("");
  console.log(
    "Bare native-messaging echo (a 2-line MV3 service worker and a 40-line Node host, no code of ours, same Chromium and flags):",
  );
  for (const [size, samples] of Object.entries(echo)) console.log(`  ${size}-byte message out and back: ${describe(samples, 3)}`);
  console.log("Compare with 'native port, both ways (Chrome)' above: that hop is this floor plus our two frame encodes and decodes.");
}

runBench(main);
