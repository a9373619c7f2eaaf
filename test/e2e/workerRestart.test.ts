import { describe, expect } from "vitest";
import { WebOperatorError } from "../../protocol/index.js";
import { sessionTest } from "../helpers/sessionTest.js";

const SNAPSHOT_EVERY_MS = 200;

/**
 * Chrome stops an extension's service worker now and then (an update, a crash, DevTools).
 * Agents must not see it: the offscreen waker starts the worker again at once, and the
 * bridge holds what arrives meanwhile (and reads that were running) until it is back.
 */
const it = sessionTest();

describe("no outage while the service worker comes back", () => {
  it("answers every snapshot an agent sends every 200 ms while the worker is stopped twice", async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/chain.html") });
    // ServiceWorker.stopAllWorkers belongs to a page's DevTools session (opened before the
    // test, so its tab events are over); none is attached to the worker, which would keep it alive.
    const page = await session.launched.browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send("ServiceWorker.enable");
    const waits: number[] = [];
    const failures: string[] = [];
    let running = true;
    const agent = (async () => {
      while (running) {
        const sentAt = Date.now();
        try {
          const snapshot = await session.client.request("browser.snapshot", {}, { timeoutMs: 20_000 });
          if (!snapshot.text.includes("# Page Snapshot")) failures.push("a snapshot without its header");
        } catch (error) {
          failures.push(error instanceof WebOperatorError ? `${error.code}: ${error.message}` : String(error));
        }
        waits.push(Date.now() - sentAt);
        await new Promise((done) => setTimeout(done, SNAPSHOT_EVERY_MS));
      }
    })();
    const disconnects: number[] = [];
    for (let round = 0; round < 2; round++) {
      await new Promise((done) => setTimeout(done, 1_000));
      const before = (await session.client.request("bridge.health", {})).extension.connectedAt;
      await cdp.send("ServiceWorker.stopAllWorkers");
      // The worker came back when the extension's hello is newer than before the stop.
      const stoppedAt = Date.now();
      await expect
        .poll(async () => (await session.client.request("bridge.health", {})).extension.connectedAt, { timeout: 20_000, interval: 20 })
        .not.toBe(before);
      disconnects.push(Date.now() - stoppedAt);
    }
    await new Promise((done) => setTimeout(done, 1_000));
    running = false;
    await agent;
    await cdp.detach();
    await page.close();
    const longest = Math.max(...waits);
    console.log(
      `worker stopped twice: back in ${disconnects.join(" and ")} ms; ${waits.length} snapshots, longest wait ${longest} ms, median ${median(waits)} ms`,
    );
    expect(failures).toEqual([]);
    expect(waits.length).toBeGreaterThan(5);
  });
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
