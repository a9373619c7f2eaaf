import { describe, median, timeMany } from "./bench/stats.js";
import { runBench, withBenchBrowser } from "./bench/benchRun.js";

/**
 * The fixed costs of perception, in one Chromium with our extension:
 * - per call: browser.snapshot of a 10-element page against bridge.health, whose round
 *   trip is the socket and bridge alone (target: at most 1.5 ms apart at the median), with
 *   browser.policy_get between them: the native port and the service worker, no page;
 * - per document: the first snapshot of a freshly loaded small page against later ones
 *   (target: at most 2x).
 */
const CALLS = Number(process.env.CALLS ?? 200);
const DOCUMENTS = Number(process.env.DOCUMENTS ?? 15);

const TEN_ELEMENTS = `<!doctype html><title>Ten</title><h1>Ten elements</h1><p>Some text.</p>
<nav><a href="#a">First</a> <a href="#b">Second</a></nav><label>Name <input></label>
<button>Save</button><ul><li>One</li><li>Two</li></ul>`;

async function main(): Promise<void> {
  await withBenchBrowser(null, { "/ten.html": TEN_ELEMENTS }, async (browser, server) => {
    const { client } = browser;
    const url = `${server.origin}/ten.html`;
    await client.request("browser.navigate", { url });
    for (let warm = 0; warm < 20; warm++) await client.request("browser.snapshot", {});
    const health = await timeMany(CALLS, () => client.request("bridge.health", {}));
    // A command the service worker answers from memory: the native port both ways and nothing else.
    const nativeFloor = await timeMany(CALLS, () => client.request("browser.policy_get", {}));
    const snapshots = await timeMany(CALLS, () => client.request("browser.snapshot", {}));
    const playwright = await timeMany(CALLS, () => browser.pageAt(url).ariaSnapshot({ mode: "ai" }));
    console.log(`bridge.health round trip: ${describe(health, 2)}`);
    console.log(`browser.policy_get (native port + service worker, no page): ${describe(nativeFloor, 2)}; above health at the median ${(median(nativeFloor) - median(health)).toFixed(2)} ms`);
    console.log(`browser.snapshot, 10-element page: ${describe(snapshots, 2)}`);
    console.log(`playwright ariaSnapshot, same page: ${describe(playwright, 2)}`);
    console.log(`snapshot above health at the median: ${(median(snapshots) - median(health)).toFixed(2)} ms (target <= 1.5); ours/playwright at the median ${(median(snapshots) / median(playwright)).toFixed(2)}`);

    const first: number[] = [];
    const later: number[] = [];
    for (let document = 0; document < DOCUMENTS; document++) {
      await client.request("browser.navigate", { url: `${url}?document=${document}` });
      const [firstMs] = await timeMany(1, () => client.request("browser.snapshot", {}));
      first.push(firstMs ?? Number.NaN);
      later.push(median(await timeMany(3, () => client.request("browser.snapshot", {}))));
    }
    console.log(`first snapshot of a new document: ${describe(first)}; later snapshots: ${describe(later)}`);
    console.log(`first/later at the median: ${(median(first) / median(later)).toFixed(2)} (target <= 2)`);
  });
}

runBench(main);
