import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlinePage } from "../helpers/fixtureServer.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";
import { setUserPolicy } from "../helpers/userPolicy.js";

describe("the eight browser commands, end to end through the socket", () => {
  let session: WebOperatorSession;
  let chainUrl: string;

  beforeAll(async () => {
    session = await startWebOperatorSession();
    // These tests exercise the commands themselves (sending the "Place order" form is a
    // purchase and a submit); gatekeeper.test.ts and confirmations.test.ts cover confirmations.
    await setUserPolicy(session, { confirm: { purchase: false, submit: false } });
    chainUrl = session.pages.url("/chain.html");
  });
  afterAll(async () => {
    await session?.close();
  });

  it("navigates http(s) pages and reports url and title once loaded", async () => {
    const result = await session.client.request("browser.navigate", { url: chainUrl });
    expect(result).toMatchObject({ url: chainUrl, title: "Chain fixture" });
    expect(result.tabId).toBeGreaterThan(0);
  });

  it("refuses other schemes, rejects non-URLs, and reports failed loads", async () => {
    for (const url of ["file:///etc/passwd", "javascript:alert(1)", "chrome://settings", "data:text/html,hi"]) {
      expect(await session.errorCode("browser.navigate", { url })).toBe("navigation_refused");
    }
    expect(await session.errorCode("browser.navigate", { url: "not a url" })).toBe("bad_request");
    expect(await session.errorCode("browser.navigate", { url: "http://127.0.0.1:1/" })).toBe("navigation_failed");
  });

  it("snapshots in the seed format with refs for interactive elements", async () => {
    await session.client.request("browser.navigate", { url: chainUrl });
    const snapshot = await session.client.request("browser.snapshot", {});
    const lines = snapshot.text.split("\n");
    expect(lines[0]).toBe(`# Page Snapshot (${snapshot.snapshotId})`);
    expect(lines[1]).toBe(`URL: ${chainUrl}`);
    expect(lines[2]).toBe("Title: Chain fixture");
    expect(snapshot.text).toMatch(/- heading "Order form" \[level=1\]/);
    expect(findRef(snapshot.text, "textbox", "Full name")).toMatch(new RegExp(`^${snapshot.snapshotId}_\\d+$`));
    findRef(snapshot.text, "checkbox", "Gift wrap");
    findRef(snapshot.text, "button", "Place order");
    findRef(snapshot.text, "link", "Continue to review");
    expect(snapshot.refCount).toBeGreaterThanOrEqual(6);
  });

  it("types (replace, append), clicks, and submits with a trusted Enter", async () => {
    await session.client.request("browser.navigate", { url: chainUrl });
    const snapshot = await session.client.request("browser.snapshot", {});
    const name = findRef(snapshot.text, "textbox", "Full name");
    expect((await session.client.request("browser.type", { ref: name, text: "Grace" })).value).toBe("Grace");
    expect((await session.client.request("browser.type", { ref: `@${name}`, text: " Hopper", mode: "append" })).value).toBe("Grace Hopper");
    await session.client.request("browser.click", { ref: findRef(snapshot.text, "checkbox", "Gift wrap"), reason: "wants gift wrap" });
    const typed = await session.client.request("browser.type", { ref: name, text: "Grace Hopper", submit: "true" });
    expect(typed.submitted).toBe(true);
    const extract = await session.client.request("browser.extract", {});
    expect(extract.text).toContain("Ordered for Grace Hopper (gift: yes)");
  });

  it("clicks a button and sees the state change in the next snapshot", async () => {
    await session.client.request("browser.navigate", { url: chainUrl });
    const before = await session.client.request("browser.snapshot", {});
    const toggle = findRef(before.text, "button", "Express shipping");
    const clicked = await session.client.request("browser.click", { ref: toggle });
    expect(clicked.target).toEqual({ role: "button", name: "Express shipping" });
    const after = await session.client.request("browser.snapshot", {});
    expect(after.text).toMatch(/button "Express shipping" \[pressed\]/);
    // The element lived on, so its ref did too.
    expect(findRef(after.text, "button", "Express shipping")).toBe(toggle);
  });

  it("presses keys with trusted CDP input, after focusing a ref", async () => {
    await session.client.request("browser.navigate", { url: chainUrl });
    const snapshot = await session.client.request("browser.snapshot", {});
    const keys = findRef(snapshot.text, "textbox", "Keys");
    await session.client.request("browser.press", { key: "a", ref: keys });
    await session.client.request("browser.press", { key: "ctrl+a" });
    await session.client.request("browser.press", { key: "Backspace" });
    const log = await session.client.request("browser.extract", {});
    expect(log.text).toContain("a:trusted");
    expect(log.text).toContain("a:trusted+ctrl");
    expect(log.text).toContain("Backspace:trusted");
    expect(await session.errorCode("browser.press", { key: "NoSuchKey" })).toBe("invalid_key");
  });

  it("follows a link click and makes old refs stale, never retargeting them", async () => {
    await session.client.request("browser.navigate", { url: chainUrl });
    const snapshot = await session.client.request("browser.snapshot", {});
    const clicked = await session.client.request("browser.click", { ref: findRef(snapshot.text, "link", "Continue to review") });
    expect(clicked.url).toBe(session.pages.url("/chain-second.html"));
    const toggle = findRef(snapshot.text, "button", "Express shipping");
    expect(await session.errorCode("browser.click", { ref: toggle })).toBe("stale_ref");
    expect(await session.errorCode("browser.click", { ref: "definitely-not-a-ref" })).toBe("invalid_ref");
    const fresh = await session.client.request("browser.snapshot", {});
    const unissued = `${fresh.snapshotId}_9999`;
    expect(await session.errorCode("browser.click", { ref: unissued })).toBe("invalid_ref");
  });

  it("scrolls the page and reports position and the end", async () => {
    await session.client.request("browser.navigate", { url: inlinePage(session.pages, '<div style="height:5000px">tall</div>') });
    const down = await session.client.request("browser.scroll", { direction: "down", amount: 400 });
    expect(down).toMatchObject({ scrollY: 400, moved: true, atEnd: false });
    const up = await session.client.request("browser.scroll", { direction: "up", amount: 100_000 });
    expect(up).toMatchObject({ scrollY: 0, moved: true, atEnd: true });
    const again = await session.client.request("browser.scroll", { direction: "up" });
    expect(again.moved).toBe(false);
  });

  it("takes a viewport PNG screenshot through CDP", async () => {
    await session.client.request("browser.navigate", { url: chainUrl });
    const shot = await session.client.request("browser.screenshot", {});
    const bytes = Buffer.from(shot.data, "base64");
    expect(shot.mimeType).toBe("image/png");
    expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(bytes.readUInt32BE(16)).toBe(shot.width);
    expect(shot.width).toBeGreaterThan(100);
    expect(shot.height).toBeGreaterThan(100);
  });

  it("extracts visible text in pages of 8,000 chars", async () => {
    await session.client.request("browser.navigate", { url: session.pages.url("/long-read?paragraphs=50") });
    const first = await session.client.request("browser.extract", {});
    expect(first.text.length).toBe(8000);
    expect(first.nextChar).toBe(8000);
    expect(first.totalChars).toBeGreaterThan(20_000);
    let text = first.text;
    let next = first.nextChar;
    while (next !== undefined) {
      const page = await session.client.request("browser.extract", { fromChar: next });
      text += page.text;
      next = page.nextChar;
    }
    expect(text.length).toBe(first.totalChars);
    expect(text).toContain("Paragraph 49");
    expect(text).not.toContain("hidden words");
  });

  it("routes by explicit tabId, the agent's last tab, then the active tab", async () => {
    const mine = await session.client.request("browser.navigate", { url: chainUrl });
    expect(await session.errorCode("browser.snapshot", { tabId: 987_654 })).toBe("tab_not_found");
    const blank = await session.launched.browser.newPage();
    await blank.bringToFront();
    // This agent keeps acting on the tab it last used, not the newly active one.
    expect((await session.client.request("browser.snapshot", {})).tabId).toBe(mine.tabId);
    const other = await session.connect();
    expect(await session.errorCode("browser.snapshot", {}, other)).toBe("unsupported_page");
    // Another agent's tab is not the second agent's to read, even by explicit tabId.
    expect(await session.errorCode("browser.snapshot", { tabId: mine.tabId }, other)).toBe("tab_owned_by_other_agent");
    await blank.close();
  });

  it("refuses actions on elements that cannot take them with not_actionable", async () => {
    await session.client.request("browser.navigate", { url: session.pages.url("/form.html") });
    const snapshot = await session.client.request("browser.snapshot", {});
    expect(await session.errorCode("browser.click", { ref: findRef(snapshot.text, "button", "Disabled action") })).toBe("not_actionable");
    expect(await session.errorCode("browser.type", { ref: findRef(snapshot.text, "checkbox", "Remember me"), text: "x" })).toBe(
      "not_actionable",
    );
  });

  it("reports debugger_unavailable where chrome.debugger may not attach", async () => {
    const internal = await session.launched.browser.newPage();
    await internal.goto("chrome://version");
    await internal.bringToFront();
    const other = await session.connect();
    expect(await session.errorCode("browser.screenshot", {}, other)).toBe("debugger_unavailable");
    await internal.close();
  });
});
