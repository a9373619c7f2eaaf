import { readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import type { Page } from "puppeteer-core";
import { WebOperatorError } from "../../protocol/index.js";
import { sessionTest } from "../helpers/sessionTest.js";
import { findRef, type WebOperatorSession } from "../helpers/webOperatorSession.js";

/**
 * What the page shows, the agent reads and can act on (issue 34): text after a long name,
 * read-only values, a click inside a wrapped element's own lines, a target that never stops
 * moving, and print. The viewport and screenshots are in viewportFidelity.test.ts.
 */
const it = sessionTest();

async function open(session: WebOperatorSession, path: string): Promise<number> {
  return (await session.client.request("browser.navigate", { url: session.pages.url(path) })).tabId;
}

async function pageShowing(session: WebOperatorSession, path: string): Promise<Page> {
  const page = (await session.launched.browser.pages()).find((candidate) => candidate.url().endsWith(path));
  if (page === undefined) throw new Error(`no tab shows ${path}`);
  return page;
}

describe("the snapshot never loses text the page shows", () => {
  it("prints the children after a name cut at 100 characters, and a read-only value whole", async ({ session }) => {
    const tabId = await open(session, "/fidelity-text.html");
    const { text } = await session.client.request("browser.snapshot", { tabId });
    // The name is cut; what it does not print is in the children under it.
    expect(text).toMatch(/- button "Opening line of the board[^"\n]*…" \[ref=/);
    for (const cell of ["Second cell beta", "Third cell gamma", "Last cell omega"]) expect(text).toContain(cell);
    expect(text).toContain("so the printed name is cut here");
    // The textarea's value: its first part in [value=…], the rest on the lines under it.
    expect(text).toMatch(/- textbox "Shopping list" \[value="item-01 apples item-02 bread[^"\n]*…"\]/);
    for (const item of ["item-10 jam", "item-19 salt", "item-20 tomatoes"]) expect(text).toContain(item);
  });

  it("reads a read-only field's value in extract (text, markdown, its ref) and find_in_page", async ({ session }) => {
    const tabId = await open(session, "/fidelity-text.html");
    const pageText = (await session.client.request("browser.extract", { tabId })).text;
    expect(pageText).toMatch(/Shopping list\s+item-01 apples\nitem-02 bread\n[\s\S]*item-20 tomatoes\s+After the list\./);
    const markdown = (await session.client.request("browser.extract", { tabId, format: "markdown" })).text;
    expect(markdown).toContain("item-20 tomatoes");
    const { text } = await session.client.request("browser.snapshot", { tabId });
    const list = findRef(text, "textbox", "Shopping list");
    const own = (await session.client.request("browser.extract", { tabId, ref: list })).text;
    expect(own.startsWith("item-01 apples\n")).toBe(true);
    expect(own.endsWith("item-20 tomatoes")).toBe(true);
    // One match each, whether the query is in the printed part of the value or after it.
    for (const query of ["item-02 bread", "item-18 rice"]) {
      const found = await session.client.request("browser.find_in_page", { tabId, query });
      expect(found.matchCount, query).toBe(1);
      expect(found.text).toContain(`[ref=`);
    }
  });
});

describe("the click point is where a person would press", () => {
  it("clicks an inline element that wraps across lines inside its own line box, synthetic and trusted", async ({ session }) => {
    const tabId = await open(session, "/fidelity-click.html");
    const page = await pageShowing(session, "/fidelity-click.html");
    const gapIsOffTarget = await page.$eval("#wrapped", (span) => {
      const box = span.getBoundingClientRect();
      const centre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return span.getClientRects().length === 2 && centre !== span;
    });
    // The fixture holds what the test is about: two line boxes, and the box's centre on something else.
    expect(gapIsOffTarget).toBe(true);
    const { text } = await session.client.request("browser.snapshot", { tabId });
    const wrapped = findRef(text, "generic", "yy zzzz");
    const synthetic = await session.client.request("browser.click", { tabId, ref: wrapped });
    expect(synthetic.input).toBe("synthetic");
    await session.client.request("browser.click_trusted", { tabId, ref: wrapped });
    // Each click counts only where it reached the span: a press between its lines lands on the column.
    const clicks = await page.evaluate(() => (window as unknown as { wrappedClicks: unknown[] }).wrappedClicks);
    expect(clicks).toEqual([
      { target: "wrapped", trusted: false },
      { target: "wrapped", trusted: true },
    ]);
  });

  it("refuses a target that never stops moving, naming force, and clicks it with force", async ({ session }) => {
    const tabId = await open(session, "/fidelity-click.html");
    const { text } = await session.client.request("browser.snapshot", { tabId });
    const moving = findRef(text, "button", "Moving target");
    let refusal: WebOperatorError | null = null;
    try {
      await session.client.request("browser.click", { tabId, ref: moving });
    } catch (error) {
      if (!(error instanceof WebOperatorError)) throw error;
      refusal = error;
    }
    expect(refusal?.code).toBe("not_actionable");
    expect(refusal?.message).toContain("force: true");
    await session.client.request("browser.click", { tabId, ref: moving, force: true });
    await session.client.request("browser.click_trusted", { tabId, ref: moving, force: true });
    await session.client.request("browser.hover", { tabId, ref: moving, force: true });
    const page = await pageShowing(session, "/fidelity-click.html");
    expect(await page.evaluate(() => (window as unknown as { movingClicks: number }).movingClicks)).toBe(2);
  });
});

describe("print", () => {
  it("reads print-only content with media print in snapshot and extract, and restores the screen after", async ({ session }) => {
    const tabId = await open(session, "/fidelity-print.html");
    const screen = (await session.client.request("browser.snapshot", { tabId })).text;
    expect(screen).toContain("Shown on screen only");
    expect(screen).not.toContain("Printed footer");
    const printed = (await session.client.request("browser.snapshot", { tabId, media: "print" })).text;
    expect(printed).toContain("Printed footer: reference 7731");
    expect(printed).not.toContain("Shown on screen only");
    const extracted = (await session.client.request("browser.extract", { tabId, media: "print" })).text;
    expect(extracted).toContain("Printed footer: reference 7731");
    expect((await session.client.request("browser.extract", { tabId })).text).not.toContain("Printed footer");
    expect((await session.client.request("browser.snapshot", { tabId })).text).not.toContain("Printed footer");
  });

  it("saves the tab as a PDF in the downloads folder and reports it like a download", async ({ session }) => {
    const tabId = await open(session, "/fidelity-print.html");
    const saved = await session.client.request("browser.pdf", { tabId });
    expect(saved.state).toBe("complete");
    expect(saved.url).toBe(session.pages.url("/fidelity-print.html"));
    expect(saved.filename.startsWith(session.downloadDir)).toBe(true);
    // Named after the title in a person's Chrome; a launched one (CDP download behaviour) names it itself.
    expect(saved.filename).toMatch(/\.pdf$/);
    const bytes = readFileSync(saved.filename);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(saved.bytesReceived).toBe(bytes.length);
    const listed = await session.client.request("browser.downloads", {});
    expect(listed.downloads.map((download) => download.download_id)).toContain(saved.download_id);
  });
});
