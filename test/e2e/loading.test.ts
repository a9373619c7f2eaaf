import { describe, expect } from "vitest";
import { findRef } from "../helpers/webOperatorSession.js";
import { sessionTest } from "../helpers/sessionTest.js";

/**
 * Pages that never finish loading: navigate answers once the document is
 * interactive, or with what it has, and snapshot, click and extract answer on them at once,
 * saying loading: true. No wall-clock threshold: the command timeouts are the bound.
 */
const it = sessionTest();

describe("pages that never finish loading", () => {
  it("a page whose image, script, stylesheet and frame never answer is read and clicked while loading", async ({ session }) => {
    const opened = await session.client.request("browser.navigate", { url: session.pages.url("/loading-stalled.html") });
    expect(opened.loading).toBe(true);
    expect(opened.title).toBe("Stalled subresources");

    const snapshot = await session.client.request("browser.snapshot", {});
    expect(snapshot.loading).toBe(true);
    expect(snapshot.text).toContain('heading "Stalled subresources"');
    const button = findRef(snapshot.text, "button", "Press me");

    const clicked = await session.client.request("browser.click", { ref: button });
    expect(JSON.stringify(clicked)).toContain("Clicked while loading");

    const extracted = await session.client.request("browser.extract", {});
    expect(extracted.text).toContain("Clicked while loading");
  });

  it("a document whose body never ends answers navigate with loading: true and is read as far as it came", async ({ session }) => {
    const opened = await session.client.request("browser.navigate", { url: session.pages.url("/endless") });
    expect(opened.loading).toBe(true);

    const snapshot = await session.client.request("browser.snapshot", {});
    expect(snapshot.loading).toBe(true);
    expect(snapshot.text).toContain("The first part arrived.");
    const button = findRef(snapshot.text, "button", "Press me");

    await session.client.request("browser.click", { ref: button });
    const extracted = await session.client.request("browser.extract", {});
    expect(extracted.text).toContain("Clicked");
  });

  it("a finished page says it is not loading", async ({ session }) => {
    const opened = await session.client.request("browser.navigate", {
      url: session.pages.url("/page?html=" + encodeURIComponent("<title>Done</title><p>All here</p>")),
    });
    expect(opened.title).toBe("Done");
    // A page without subresources may complete before navigate answers, or just after: wait
    // for the document itself to say it is complete, then the snapshot must say so too.
    const page = (await session.launched.browser.pages()).find((each) => each.url() === opened.url);
    if (page === undefined) throw new Error(`no tab shows ${opened.url}`);
    await page.waitForFunction(() => document.readyState === "complete");
    const snapshot = await session.client.request("browser.snapshot", {});
    expect(snapshot.text).toContain("All here");
    expect(snapshot.loading).toBe(false);
  });

  // A new tab still waiting for its server, or the new-tab page of a browser just started,
  // has no document at all: nothing may wait on one before navigating the tab away.
  it("a tab whose first page never answered shows no page to read, and navigate takes it elsewhere", async ({ session }) => {
    const before = await session.client.request("browser.tabs_list", {});
    const cdp = await session.launched.browser.target().createCDPSession();
    await cdp.send("Target.createTarget", { url: session.pages.url("/stall") });
    const after = await session.client.request("browser.tabs_list", {});
    const waiting = after.tabs.find((tab) => !before.tabs.some((old) => old.tabId === tab.tabId));
    if (waiting === undefined) throw new Error(`no new tab in ${JSON.stringify(after.tabs)}`);
    expect(await session.errorCode("browser.snapshot", { tabId: waiting.tabId })).toBe("unsupported_page");

    const opened = await session.client.request("browser.navigate", { url: session.pages.url("/chain.html"), tabId: waiting.tabId });
    expect(opened).toMatchObject({ tabId: waiting.tabId, url: session.pages.url("/chain.html") });
    const snapshot = await session.client.request("browser.snapshot", { tabId: waiting.tabId });
    expect(snapshot.text).toContain('button "Express shipping"');
  });
});
