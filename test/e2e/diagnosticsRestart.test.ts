import { describe, expect } from "vitest";
import { findRef, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { sessionTest } from "../helpers/sessionTest.js";

const it = sessionTest();

describe("diagnostics buffers survive a service-worker restart (chrome.storage.session)", () => {
  /** Stops the extension's worker as Chrome does when idle, then wakes it with a tab event and waits until it is back. */
  async function restartWorker(session: WebOperatorSession): Promise<void> {
    const worker = await (await session.launched.browser.waitForTarget((target) => target.type() === "service_worker")).worker();
    await worker?.close();
    await expect
      .poll(async () => (await session.client.request("bridge.health", {})).extension.connected, { timeout: 30_000, interval: 20 })
      .toBe(false);
    const page = await session.launched.browser.newPage();
    // Each tab event wakes the worker; on a loaded machine one may come before Chrome lets it start again, so events keep coming until it is back.
    let wakes = 0;
    await expect
      .poll(
        async () => {
          if (wakes++ % 100 === 0) await page.goto(session.pages.url(`/page?html=<title>wake ${wakes}</title>`));
          return (await session.client.request("bridge.health", {})).extension.connected;
        },
        { timeout: 30_000, interval: 20 },
      )
      .toBe(true);
    await page.close();
  }

  it("read_network after a restart still has the requests finished before it; read_console does not repeat what was read", async ({
    session,
  }) => {
    const { tabId } = await session.client.request("browser.navigate", { url: session.pages.url("/diag-network.html") });
    await session.client.request("browser.read_network", { tabId });
    const snapshot = await session.client.request("browser.snapshot", { tabId });
    await session.client.request("browser.click", { ref: findRef(snapshot.text, "button", "Fetch file"), tabId });
    await session.client.request("browser.wait_for", { text: "fetched 200", tabId });
    const beforeConsole = await session.client.request("browser.read_console", { tabId });
    expect(beforeConsole.tabId).toBe(tabId);
    // Writes are gathered for a moment (sessionBacked.ts); the restart comes once both are stored.
    const worker = await (await session.launched.browser.waitForTarget((target) => target.type() === "service_worker")).worker();
    await expect
      .poll(
        async () =>
          JSON.stringify(await worker?.evaluate(`chrome.storage.session.get(["weboperator.networkLog", "weboperator.consoleCursors"])`)),
        { timeout: 10_000 },
      )
      .toMatch(/diag-file\.txt.*weboperator\.consoleCursors|consoleCursors.*diag-file\.txt/s);

    await restartWorker(session);

    const network = await session.client.request("browser.read_network", { tabId });
    expect(network.entries.some((entry) => entry.url.includes("/diag-file.txt"))).toBe(true);
    // The console is replayed by CDP on every read: the restored cursor keeps the old messages out.
    const afterConsole = await session.client.request("browser.read_console", { tabId });
    expect(afterConsole.entries).toEqual([]);
  });
});
