import { createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { launchWebOperator } from "../agent-client/launch/launchWebOperator.js";
import { WebOperatorClient } from "../agent-client/client.js";

/**
 * Click round trip: agent socket -> bridge -> extension -> content script -> back, on a
 * static page, measured from the client. Prints median and p90 of N clicks.
 */
const CLICKS = Number(process.env.CLICKS ?? 100);
const PAGE = `<!doctype html><title>Bench</title><button onclick="this.dataset.n = (+this.dataset.n || 0) + 1">Count</button>`;

async function main(): Promise<void> {
  const server = createServer((_request, response) => response.writeHead(200, { "content-type": "text/html" }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  // Its own socket and token: the benchmark never touches the user's WebOperator.
  const scratch = mkdtempSync(join(tmpdir(), "wo-bench-click-"));
  const launched = await launchWebOperator({ headless: true, socket: join(scratch, "bridge.sock"), configDir: join(scratch, "config") });
  try {
    const client = await WebOperatorClient.connect({ socketPath: launched.socket, token: launched.token });
    await client.request("browser.navigate", { url });
    const snapshot = await client.request("browser.snapshot", {});
    const ref = /button "Count"[^\n]*\[ref=([^\]]+)\]/.exec(snapshot.text)?.[1];
    if (!ref) throw new Error(`no button in snapshot:\n${snapshot.text}`);
    for (let warm = 0; warm < 5; warm++) await client.request("browser.click", { ref });
    const health = await timeMany(CLICKS, () => client.request("bridge.health", {}));
    const clicks = await timeMany(CLICKS, () => client.request("browser.click", { ref }));
    const snapshots = await timeMany(20, () => client.request("browser.snapshot", {}));
    console.log(`click round trip (n=${CLICKS}): median ${clicks.median.toFixed(1)} ms, p90 ${clicks.p90.toFixed(1)} ms`);
    console.log(`bridge.health round trip (socket only, n=${CLICKS}): median ${health.median.toFixed(2)} ms, p90 ${health.p90.toFixed(2)} ms`);
    console.log(`snapshot of the same page (n=20): median ${snapshots.median.toFixed(1)} ms`);
    client.close();
  } finally {
    await launched.close();
    server.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function timeMany(count: number, run: () => Promise<unknown>): Promise<{ median: number; p90: number }> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number): number => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN;
  return { median: at(0.5), p90: at(0.9) };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
