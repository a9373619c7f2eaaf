import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Page } from "puppeteer-core";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

/**
 * The content script answers a snapshot again from its cache while the page has not changed.
 * Every change here is made by the page itself or by real input through CDP, never through a
 * content-script op (which drops the cache anyway), and the next snapshot must show it.
 */
describe("snapshot cache: an unchanged page is answered again, a changed one never", () => {
  let session: WebOperatorSession;
  let page: Page;
  let url: string;

  const snapshot = async (maxChars?: number): Promise<{ snapshotId: string; text: string }> =>
    session.client.request("browser.snapshot", maxChars === undefined ? {} : { maxChars });

  /**
   * Takes snapshots until one is answered from the cache (the same snapshotId as the one before).
   * A page just shown in a headed window may still get a focus, resize or pointer event after its
   * first read, and the cache rightly drops on it; an unchanged page must then hit within a few
   * reads, and a cache that never holds fails here.
   */
  const cachedSnapshot = async (): Promise<{ snapshotId: string; text: string }> => {
    let previous = await snapshot();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const again = await snapshot();
      if (again.snapshotId === previous.snapshotId) {
        expect(again.text).toBe(previous.text);
        return previous;
      }
      previous = again;
    }
    throw new Error(`six snapshots of an unchanged page were each read afresh; the last was ${previous.snapshotId}`);
  };

  beforeAll(async () => {
    session = await startWebOperatorSession();
    url = session.pages.url("/snapshot-cache.html");
  });
  beforeEach(async () => {
    await session.client.request("browser.navigate", { url });
    const found = (await session.launched.browser.pages()).find((candidate) => candidate.url() === url);
    if (found === undefined) throw new Error("the test page's tab is not visible to puppeteer");
    page = found;
  });
  afterAll(async () => {
    await session?.close();
  });

  it("answers an unchanged page from the cache, and a different budget afresh", async () => {
    const cached = await cachedSnapshot();
    expect(cached.text).toContain('heading "Snapshot cache"');
    const smaller = await snapshot(3_000);
    expect(smaller.snapshotId).not.toBe(cached.snapshotId);
  });

  it("shows values a page script set without any event: an input's value, a checkbox, a select", async () => {
    const before = await cachedSnapshot();
    expect(before.text).not.toContain("Grace Hopper");
    await page.evaluate(() => {
      (document.getElementById("name") as HTMLInputElement).value = "Grace Hopper";
    });
    const typed = await snapshot();
    expect(typed.snapshotId).not.toBe(before.snapshotId);
    expect(typed.text).toContain("Grace Hopper");

    await cachedSnapshot();
    await page.evaluate(() => {
      (document.getElementById("agree") as HTMLInputElement).checked = true;
    });
    expect((await snapshot()).text).toMatch(/checkbox "Agree to terms"[^\n]*checked/);

    await cachedSnapshot();
    await page.evaluate(() => {
      (document.getElementById("size") as HTMLSelectElement).selectedIndex = 1;
    });
    expect((await snapshot()).text).toMatch(/combobox "Size"[^\n]*Large/);
  });

  it("shows real typing and clicking through CDP input", async () => {
    await cachedSnapshot();
    await page.type("#name", "Ada");
    expect((await snapshot()).text).toContain("Ada");
    const before = await cachedSnapshot();
    expect(before.text).not.toMatch(/checkbox "Agree to terms"[^\n]*checked/);
    await page.click("#agree");
    expect((await snapshot()).text).toMatch(/checkbox "Agree to terms"[^\n]*checked/);
  });

  it("shows attribute, text, shadow-root and same-origin frame changes", async () => {
    await cachedSnapshot();
    await page.evaluate(() => document.getElementById("renamed")?.setAttribute("aria-label", "Second label"));
    expect((await snapshot()).text).toContain('button "Second label"');

    await cachedSnapshot();
    await page.evaluate(() => {
      const note = document.getElementById("note");
      if (note?.firstChild) note.firstChild.nodeValue = "Edited note";
    });
    expect((await snapshot()).text).toContain("Edited note");

    await cachedSnapshot();
    await page.evaluate(() => {
      const shadowed = document.getElementById("host")?.shadowRoot?.getElementById("shadowed");
      if (shadowed) shadowed.textContent = "Shadow text changed";
    });
    expect((await snapshot()).text).toContain("Shadow text changed");

    await cachedSnapshot();
    await page.evaluate(() => {
      const inner = (document.getElementById("frame") as HTMLIFrameElement).contentDocument?.getElementById("inner");
      if (inner) inner.textContent = "Frame text changed";
    });
    expect((await snapshot()).text).toContain("Frame text changed");
  });

  it("shows a CSS :hover change, and its end", async () => {
    await page.mouse.move(0, 0);
    const before = await cachedSnapshot();
    expect(before.text).not.toContain("Hidden settings");
    await page.hover("#hover-zone");
    expect((await snapshot()).text).toContain("Hidden settings");
    await cachedSnapshot();
    await page.mouse.move(0, 0);
    expect((await snapshot()).text).not.toContain("Hidden settings");
  });

  it("reads the page again after a listener was added, the focus moved or the page scrolled", async () => {
    const before = await cachedSnapshot();
    expect(before.text).not.toMatch(/Plain div[^\n]*\[ref=/);
    await page.evaluate(() => document.getElementById("plain")?.addEventListener("click", () => undefined));
    expect((await snapshot()).text).toMatch(/Plain div[^\n]*\[ref=/);

    const unfocused = await cachedSnapshot();
    await page.focus("#name");
    expect((await snapshot()).snapshotId).not.toBe(unfocused.snapshotId);

    const top = await cachedSnapshot();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect((await snapshot()).snapshotId).not.toBe(top.snapshotId);
  });

  it("reads the page again after any action of ours", async () => {
    const before = await cachedSnapshot();
    await session.client.request("browser.click", { ref: findRef(before.text, "button", "First label") });
    expect((await snapshot()).snapshotId).not.toBe(before.snapshotId);
  });
});
