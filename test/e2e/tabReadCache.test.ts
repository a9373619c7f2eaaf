import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebOperatorError } from "../../protocol/index.js";
import { inlinePage } from "../helpers/fixtureServer.js";
import { setUserPolicy } from "../helpers/userPolicy.js";
import { asThePerson } from "../helpers/personsBrowser.js";
import { startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

/**
 * Reads take their tab from the worker's cache of Chrome's tab events (tabReadCache.ts), not
 * from chrome.tabs.get. Whatever the person does to the tab between two reads (another page,
 * another window), the next read answers from the tab as it is, and never from a page the policy
 * forbids.
 */
describe("reads follow the tab through what the person does to it", () => {
  let session: WebOperatorSession;
  let homeUrl: string;
  let elsewhereUrl: string;

  beforeAll(async () => {
    session = await startWebOperatorSession();
    homeUrl = inlinePage(session.pages, "<title>Home</title><p>home page</p>");
    elsewhereUrl = inlinePage(session.pages, "<title>Elsewhere</title><p>elsewhere page</p>").replace("127.0.0.1", "localhost");
  });
  afterAll(async () => {
    await setUserPolicy(session, null);
    await session.close();
  });

  /**
   * Snapshots until one answers from `url` (the person's navigation has landed), or the first
   * refusal. A read that meets the navigation itself ("the page navigated away") is asked again.
   */
  const readUntil = async (url: string): Promise<{ urls: string[]; refusal: WebOperatorError | null }> => {
    const urls: string[] = [];
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        const snapshot = await session.client.request("browser.snapshot", {});
        urls.push(snapshot.url);
        if (snapshot.url === url) return { urls, refusal: null };
      } catch (error) {
        if (!(error instanceof WebOperatorError)) throw error;
        if (error.code === "policy_denied") return { urls, refusal: error };
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { urls, refusal: null };
  };

  it("answers from the page the person opened in the agent's tab, and a second agent's reads stay on its own tab", async () => {
    const second = await session.connect();
    try {
      const { tabId } = await session.client.request("browser.navigate", { url: homeUrl });
      const own = await second.request("browser.navigate", { url: `${homeUrl}&agent=second` });
      expect(own.tabId).not.toBe(tabId);
      expect((await session.client.request("browser.snapshot", {})).text).toContain("home page");
      await asThePerson(session, `chrome.tabs.update(${tabId}, { url: ${JSON.stringify(elsewhereUrl)} })`);
      const { urls, refusal } = await readUntil(elsewhereUrl);
      expect(refusal).toBeNull();
      expect(urls.at(-1)).toBe(elsewhereUrl);
      expect(urls.every((url) => url === homeUrl || url === elsewhereUrl)).toBe(true);
      const listed = await session.client.request("browser.tabs_list", {});
      expect(listed.tabs.find((tab) => tab.tabId === tabId)?.url).toBe(elsewhereUrl);
      const theirs = await second.request("browser.snapshot", {});
      expect([theirs.url, theirs.text.includes("home page")]).toEqual([`${homeUrl}&agent=second`, true]);
    } finally {
      second.close();
    }
  });

  it("refuses a read once a hostile page sent itself to a blocked host on its own timer, and never answers from it", async () => {
    const leaving = inlinePage(
      session.pages,
      `<title>Leaving</title><p>leaving page</p><script>setTimeout(() => { location.href = ${JSON.stringify(elsewhereUrl)}; }, 1000)</script>`,
    );
    await setUserPolicy(session, { blockedHosts: ["localhost"] });
    try {
      // Should the page leave before the navigate answers, the navigate's own guard refuses it, as a write.
      const navigated = await session.client.request("browser.navigate", { url: leaving }).then(
        () => true,
        (error: unknown) => {
          if (error instanceof WebOperatorError && error.code === "policy_denied") return false;
          throw error;
        },
      );
      const { urls, refusal } = await readUntil(elsewhereUrl);
      expect(urls).not.toContain(elsewhereUrl);
      if (navigated) expect(refusal?.code).toBe("policy_denied");
    } finally {
      await setUserPolicy(session, null);
    }
  });

  it("refuses a read once the person took the tab to a host the user's policy blocks, and never answers from it", async () => {
    const { tabId } = await session.client.request("browser.navigate", { url: homeUrl });
    await session.client.request("browser.snapshot", {});
    await setUserPolicy(session, { blockedHosts: ["localhost"] });
    await asThePerson(session, `chrome.tabs.update(${tabId}, { url: ${JSON.stringify(elsewhereUrl)} })`);
    const { urls, refusal } = await readUntil(elsewhereUrl);
    expect(urls).not.toContain(elsewhereUrl);
    expect(refusal?.code).toBe("policy_denied");
    expect(refusal?.message).toContain("localhost");
    await setUserPolicy(session, null);
  });

  it("reads a tab the person moved into a window of its own", async () => {
    const { tabId } = await session.client.request("browser.navigate", { url: homeUrl });
    await session.client.request("browser.snapshot", {});
    const before = (await session.client.request("browser.tabs_list", {})).tabs.find((tab) => tab.tabId === tabId)?.windowId;
    const movedTo = await asThePerson<number>(session, `chrome.windows.create({ tabId: ${tabId} }).then((window) => window.id)`);
    expect(movedTo).not.toBe(before);
    expect((await session.client.request("browser.snapshot", {})).text).toContain("home page");
    const shot = await session.client.request("browser.screenshot", {});
    expect(shot.tabId).toBe(tabId);
    expect((await session.client.request("browser.tabs_list", {})).tabs.find((tab) => tab.tabId === tabId)?.windowId).toBe(movedTo);
  });
});
