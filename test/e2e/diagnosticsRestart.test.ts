import { describe, expect } from "vitest";
import { findRef, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { sessionTest } from "../helpers/sessionTest.js";
import { stopExtensionWorker } from "../helpers/extensionWorker.js";

const it = sessionTest();

describe("diagnostics buffers survive a service-worker restart (chrome.storage.session)", () => {
  /** Stops the extension's worker as Chrome does when idle and waits until it is back: the offscreen waker starts it again, and it says hello to the bridge anew. */
  async function restartWorker(session: WebOperatorSession): Promise<void> {
    const before = (await session.client.request("bridge.health", {})).extension.connectedAt;
    await stopExtensionWorker(session.launched.browser);
    // A newer hello, not a seen disconnect: the worker may be back before a poll catches it away.
    await expect
      .poll(
        async () => {
          const { extension } = await session.client.request("bridge.health", {});
          return extension.connected && extension.connectedAt !== before;
        },
        { timeout: 30_000, interval: 20 },
      )
      .toBe(true);
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
