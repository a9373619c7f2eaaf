import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { setUserPolicy } from "../helpers/userPolicy.js";

/** `- role "name" ... [ref=c...]`: the deep ref on the first line that matches. */
function deepRef(text: string, role: string, name: string): string {
  const ref = findRef(text, role, name);
  expect(ref).toMatch(/^c[a-z0-9]+_\d+_\d+_\d+$/);
  return ref;
}

describe("L2 deep perception: CDP accessibility, cross-origin frames, listeners, deep refs", () => {
  let session: WebOperatorSession;
  let outerUrl: string;

  beforeAll(async () => {
    session = await startWebOperatorSession();
    // "Pay with partner" is a purchase button; gatekeeper.test.ts covers confirmations.
    await setUserPolicy(session, { confirm: { purchase: false } });
    outerUrl = session.pages.url("/deep-outer.html");
  });
  afterAll(async () => {
    await session?.close();
  });

  /** navigate answers at DOMContentLoaded; these tests read the partner frame, so wait for the load event too. */
  async function openLoaded(url: string): Promise<void> {
    await session.client.request("browser.navigate", { url });
    for (const page of await session.launched.browser.pages()) {
      if (page.url() === url) await page.waitForFunction(() => document.readyState === "complete");
    }
  }

  it("reads a cross-origin iframe and a closed shadow root in the snapshot format", async () => {
    await openLoaded(outerUrl);
    const deep = await session.client.request("browser.read_page_deep", {});
    const lines = deep.text.split("\n");
    expect(lines[0]).toBe(`# Page Snapshot (${deep.snapshotId})`);
    expect(lines[1]).toBe(`URL: ${outerUrl}`);
    expect(lines[2]).toBe("Title: Deep outer fixture");
    expect(lines[3]).toBe("");
    expect(deep.source).toBe("cdp-ax");
    expect(deep.frameCount).toBe(3);
    expect(deep.text).toMatch(/- heading "Checkout" \[level=1\]/);
    // The frame's button is nested under its iframe line, one level deeper.
    expect(deep.text).toMatch(/- iframe "Partner widget"\n {2}- button "Pay with partner" \[ref=c[^\]]+\]/);
    deepRef(deep.text, "button", "Closed shadow action");
    expect(deep.listeners).toBeUndefined();
    // Without listener discovery the plain div has no ref.
    expect(deep.text).not.toMatch(/Gift tile"?[^\n]*\[ref=/);
  });

  it("clicks a cross-origin iframe's button with trusted CDP input", async () => {
    await openLoaded(outerUrl);
    const before = await session.client.request("browser.read_page_deep", {});
    const pay = deepRef(before.text, "button", "Pay with partner");
    const clicked = await session.client.request("browser.click_deep", { ref: pay, reason: "pay in the partner frame" });
    expect(clicked).toMatchObject({ tabId: before.tabId, ref: pay, target: { role: "button", name: "Pay with partner" }, url: outerUrl });
    const after = await session.client.request("browser.read_page_deep", {});
    expect(after.text).toContain("Frame paid (trusted)");
    // The element lives on, so its ref does too.
    expect(deepRef(after.text, "button", "Pay with partner")).toBe(pay);
  });

  it("clicks inside a same-origin iframe, whose quads are already in top-level coordinates", async () => {
    await openLoaded(outerUrl);
    const before = await session.client.request("browser.read_page_deep", {});
    expect(before.text).toMatch(/- iframe "Local frame"\n {2}- button "Local action" \[ref=c[^\]]+\]/);
    await session.client.request("browser.click_deep", { ref: deepRef(before.text, "button", "Local action") });
    const after = await session.client.request("browser.read_page_deep", {});
    deepRef(after.text, "button", "Local clicked (trusted)");
  });

  it("discovers a div that only has a click listener, and clicks it", async () => {
    await openLoaded(outerUrl);
    const deep = await session.client.request("browser.read_page_deep", { listeners: true });
    expect(deep.listeners?.sampled).toBeGreaterThan(0);
    expect(deep.listeners?.found).toBe(1);
    expect(deep.text).toMatch(/- generic "Gift tile" \[listener=click\] \[ref=c[^\]]+\]/);
    const tile = deepRef(deep.text, "generic", "Gift tile");
    await session.client.request("browser.click_deep", { ref: tile });
    const after = await session.client.request("browser.read_page_deep", {});
    expect(after.text).toContain("Tile chosen");
  });

  it("answers stale_ref once the element is removed, and after a navigation", async () => {
    await openLoaded(outerUrl);
    const deep = await session.client.request("browser.read_page_deep", {});
    const vanish = deepRef(deep.text, "button", "Vanishing button");
    await session.client.request("browser.click_deep", { ref: vanish });
    expect(await session.errorCode("browser.click_deep", { ref: vanish })).toBe("stale_ref");

    const pay = deepRef(deep.text, "button", "Pay with partner");
    await openLoaded(outerUrl);
    expect(await session.errorCode("browser.click_deep", { ref: pay })).toBe("stale_ref");
    const fresh = await session.client.request("browser.read_page_deep", {});
    // A new top-level document is a new tab epoch: the same button gets a new ref.
    expect(fresh.snapshotId.split("_")[1]).not.toBe(deep.snapshotId.split("_")[1]);
    expect(deepRef(fresh.text, "button", "Pay with partner")).not.toBe(pay);
  });

  it("answers stale_ref after the debugger detached, and for another tab's id", async () => {
    await openLoaded(outerUrl);
    const deep = await session.client.request("browser.read_page_deep", {});
    const pay = deepRef(deep.text, "button", "Pay with partner");
    // A tabId that does not exist is refused before the ref is even looked at.
    expect(await session.errorCode("browser.click_deep", { ref: pay, tabId: deep.tabId + 100_000 })).toBe("tab_not_found");
    const elsewhere = await session.client.request("browser.tab_open", { url: session.pages.url("/deep-child.html") });
    expect(await session.errorCode("browser.click_deep", { ref: pay, tabId: elsewhere.tabId })).toBe("stale_ref");
    await session.client.request("browser.tab_close", { tabId: elsewhere.tabId });
    // Another tab's CDP use no longer detaches this one (tabs are attached side by side)...
    const other = await session.launched.browser.newPage();
    await other.goto(session.pages.url("/deep-child.html"));
    await other.bringToFront();
    const fresh = await session.connect();
    const shot = await fresh.request("browser.screenshot", {});
    expect(shot.tabId).not.toBe(deep.tabId);
    await other.close();
    // ...so detach it the way its idle timer (or DevTools taking over) would.
    const worker = await (await session.launched.browser.waitForTarget((target) => target.type() === "service_worker")).worker();
    await worker?.evaluate(`chrome.debugger.detach({ tabId: ${deep.tabId} })`);
    expect(await session.errorCode("browser.click_deep", { ref: pay })).toBe("stale_ref");
  });

  it("refuses to click an element that something else covers (obscured)", async () => {
    await openLoaded(outerUrl);
    const deep = await session.client.request("browser.read_page_deep", {});
    expect(await session.errorCode("browser.click_deep", { ref: deepRef(deep.text, "button", "Covered action") })).toBe("obscured");
  });

  it("answers invalid_ref for refs that are not deep refs or were never issued", async () => {
    await openLoaded(outerUrl);
    const deep = await session.client.request("browser.read_page_deep", {});
    const [nonce, epoch] = deep.snapshotId.slice(1).split("_");
    for (const ref of ["garbage", "s1abc_1_2", "c_1_2_3", `c${nonce}_${epoch}_999999_1`]) {
      expect(await session.errorCode("browser.click_deep", { ref })).toBe("invalid_ref");
    }
    // A well-formed ref from another service-worker lifetime can never resolve.
    expect(await session.errorCode("browser.click_deep", { ref: "czzzzzz_1_1_1" })).toBe("stale_ref");
    expect(await session.errorCode("browser.read_page_deep", { tabId: 999_999 })).toBe("tab_not_found");
    expect(await session.errorCode("browser.read_page_deep", { maxChars: 10 })).toBe("bad_request");
  });

  it("keeps every ref and drops text first when maxChars is small", async () => {
    await session.client.request("browser.navigate", { url: session.pages.url("/deep-long.html") });
    const full = await session.client.request("browser.read_page_deep", {});
    expect(full.truncated).toBe(false);
    const small = await session.client.request("browser.read_page_deep", { maxChars: 500 });
    expect(small.truncated).toBe(true);
    expect(small.text.length).toBeLessThanOrEqual(500);
    expect(small.text).toMatch(/\n- … \d+ (text nodes|other non-interactive nodes)[^\n]* omitted \(use browser\.extract for full text\)$/);
    expect(small.text).toContain("Paragraph 0");
    expect(deepRef(small.text, "button", "Top action")).toBe(deepRef(full.text, "button", "Top action"));
    expect(deepRef(small.text, "link", "Bottom link")).toBe(deepRef(full.text, "link", "Bottom link"));
  });

  it("falls back from an empty DOM snapshot to the accessibility tree, with working deep refs", async () => {
    const url = session.pages.url("/deep-closed-shadow.html");
    await session.client.request("browser.navigate", { url });
    const snapshot = await session.client.request("browser.snapshot", {});
    // `source` joins SnapshotResultSchema once browser.snapshot runs through snapshotWithFallback.
    expect(snapshot).toMatchObject({ source: "cdp-ax" });
    // Never silent: the agent is told the page's own engine gave nothing, and why.
    expect(snapshot.fallback).toMatch(/DOM/);
    expect(snapshot.text).toMatch(/- heading "Vault" \[level=1\]/);
    const open = deepRef(snapshot.text, "button", "Open vault");
    // The same browser.click an agent uses for DOM refs takes the fallback's deep refs.
    const clicked = await session.client.request("browser.click", { ref: open });
    expect(clicked).toMatchObject({ input: "trusted", target: { role: "button", name: "Open vault" } });
    const after = await session.client.request("browser.snapshot", {});
    expect(after.text).toContain("Vault opened (trusted)");
  });

  it("fails explicitly, pointing to a screenshot, when neither the DOM nor the accessibility tree has content", async () => {
    await session.client.request("browser.navigate", {
      url: session.pages.url("/page?html=" + encodeURIComponent("<title>Blank</title><body></body>")),
    });
    expect(await session.errorCode("browser.snapshot", {})).toBe("empty_snapshot");
    expect(await session.errorCode("browser.read_page_deep", {})).toBe("empty_snapshot");
  });
});
