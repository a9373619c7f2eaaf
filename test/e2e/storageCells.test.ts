import type { CDPSession } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebOperatorClient } from "../../agent-client/client.js";
import { ConfirmationRequestSchema } from "../../protocol/index.js";
import { USER_POLICY_STORAGE_KEY } from "../../protocol/tools/gatekeeperTools.js";
import { inlinePage } from "../helpers/fixtureServer.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

/**
 * The worker keeps what it must remember in storage cells: tab ownership, the tabs agents
 * acted in, the agents' policy tightenings, pending confirmations. Chrome stops the worker
 * at will; the one it starts again must load all of them back, and act on them.
 */
describe("state kept in storage cells outlives a stopped service worker", () => {
  let session: WebOperatorSession;
  let keeper: WebOperatorClient;
  let other: WebOperatorClient;
  let devtools: CDPSession;

  beforeAll(async () => {
    // No DevTools session on the worker (setUserPolicy opens one): it would keep a stopped worker from starting again.
    session = await startWebOperatorSession();
    keeper = await WebOperatorClient.connect({ socketPath: session.launched.socket, token: session.launched.token, agent: "keeper" });
    other = await WebOperatorClient.connect({ socketPath: session.launched.socket, token: session.launched.token, agent: "other" });
    // An extension page of its own, opened before the test so its tab events are over (they
    // would wake the worker): it writes the user's settings as another writer would, and its
    // DevTools session is the one ServiceWorker.stopAllWorkers belongs to.
    const extensionPage = await session.launched.browser.newPage();
    await extensionPage.goto(`chrome-extension://${session.launched.extensionId}/extension/sidepanel/sidepanel.html`);
    await extensionPage.evaluate(`chrome.storage.local.set(${JSON.stringify({ [USER_POLICY_STORAGE_KEY]: { confirmations: "agent" } })})`);
    devtools = await extensionPage.createCDPSession();
    await devtools.send("ServiceWorker.enable");
  });
  afterAll(async () => {
    keeper?.close();
    other?.close();
    await session?.close();
  });

  /** Stops every service worker, and waits for the extension's hello from the new one. */
  async function stopWorker(): Promise<void> {
    const before = (await session.client.request("bridge.health", {})).extension.connectedAt;
    await devtools.send("ServiceWorker.stopAllWorkers");
    await expect
      .poll(async () => (await session.client.request("bridge.health", {})).extension.connectedAt, { timeout: 20_000, interval: 50 })
      .not.toBe(before);
  }

  it("keeps tab ownership, the tabs agents acted in, policy tightenings and a pending confirmation", async () => {
    // The worker follows the settings another context wrote.
    await expect.poll(async () => (await session.client.request("browser.policy_get", {})).policy.confirmations).toBe("agent");
    const checkout = session.pages.url("/confirm-cases.html?case=c03");
    const { tabId } = await keeper.request("browser.tab_open", { url: checkout });
    await keeper.request("browser.policy_set", { blockedHosts: ["blocked.example"] });
    const asked = await keeper.send({
      type: "browser.click",
      payload: { ref: findRef((await keeper.request("browser.snapshot", { tabId })).text, "button", "Place order"), tabId },
    });
    expect(asked).toMatchObject({ code: "confirmation_required" });
    const confirmation = ConfirmationRequestSchema.parse((asked as { confirmation?: unknown }).confirmation);

    await stopWorker();

    // Ownership: the tab is still keeper's, and another agent is still kept out of it.
    const listed = await session.client.request("browser.tabs_list", {});
    expect(listed.tabs.find((tab) => tab.tabId === tabId)?.agent).toBe("agent:keeper");
    await expect(other.request("browser.snapshot", { tabId })).rejects.toMatchObject({ code: "tab_owned_by_other_agent" });

    // The tightening still holds, and is still reported as the agents'.
    const policy = await session.client.request("browser.policy_get", {});
    expect(policy.policy.blockedHosts).toContain("blocked.example");
    expect(policy.agentOverrides).toContain("blockedHosts");

    // The confirmation asked before the stop is answered after it, and its action runs.
    expect(await keeper.request("browser.confirm", { id: confirmation.id, allow: true })).toMatchObject({
      id: confirmation.id,
      allowed: true,
    });
    expect((await keeper.request("browser.extract", { tabId })).text).toContain("sent Checkout");

    // An agent tab's next document gets the dialog recorder though no agent moved it there:
    // the page navigates itself, and its first script's alert neither blocks it nor goes unreported.
    const tabUrl = (await session.client.request("browser.tabs_list", {})).tabs.find((tab) => tab.tabId === tabId)?.url;
    const page = (await session.launched.browser.pages()).find((candidate) => candidate.url() === tabUrl);
    if (page === undefined) throw new Error(`no page at ${tabUrl} for tab ${tabId}`);
    const greeter = inlinePage(
      session.pages,
      `<title>Greeter</title><script>alert("Welcome back"); document.title = "After alert";</script><p>body</p>`,
    );
    await page.evaluate((url) => window.location.assign(url), greeter);
    const dialogs: unknown[] = [];
    await expect
      .poll(
        async () => {
          const snapshot = await keeper.request("browser.snapshot", { tabId }, { timeoutMs: 5_000 });
          dialogs.push(...(snapshot.dialogs ?? []));
          return snapshot.title;
        },
        { timeout: 20_000 },
      )
      .toBe("After alert");
    expect(dialogs).toEqual([{ type: "alert", message: "Welcome back", answered: "closed" }]);
  });
});
