import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandResult } from "../../protocol/index.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

type NetworkRead = CommandResult<"browser.read_network">;

describe("diagnostics: console, network and downloads", () => {
  let session: WebOperatorSession;
  let downloadDir: string;

  beforeAll(async () => {
    session = await startWebOperatorSession();
    downloadDir = mkdtempSync(join(tmpdir(), "wo-downloads-"));
    // Headless Chromium needs to be told where downloads go.
    const cdp = await session.launched.browser.target().createCDPSession();
    await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloadDir });
  });
  afterAll(async () => {
    await session?.close();
    rmSync(downloadDir, { recursive: true, force: true });
  });

  async function clickButton(name: string, role = "button"): Promise<void> {
    const snapshot = await session.client.request("browser.snapshot", {});
    await session.client.request("browser.click", { ref: findRef(snapshot.text, role, name) });
  }

  /** Reads the network log until an entry matches; every read drains, so the matches are collected. */
  async function networkUntil(match: (entry: NetworkRead["entries"][number]) => boolean): Promise<NetworkRead["entries"]> {
    const seen: NetworkRead["entries"] = [];
    for (let attempt = 0; attempt < 100; attempt++) {
      const read = await session.client.request("browser.read_network", {});
      seen.push(...read.entries);
      if (seen.some(match)) return seen;
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error(`no matching network entry in ${JSON.stringify(seen)}`);
  }

  it("reads console messages and uncaught errors since the page loaded, with credentials redacted", async () => {
    const { tabId } = await session.client.request("browser.navigate", { url: session.pages.url("/diag-console.html") });
    await session.client.request("browser.wait_for", { timeMs: 100 });
    const first = await session.client.request("browser.read_console", {});
    expect(first.tabId).toBe(tabId);
    const texts = first.entries.map((entry) => entry.text);
    expect(first.entries).toContainEqual(expect.objectContaining({ level: "log", source: "console", text: "hello from diag Object" }));
    const warning = first.entries.find((entry) => entry.level === "warning" && entry.source === "console");
    expect(warning?.text).toBe("calling api with Authorization: Bearer [redacted]");
    expect(texts).toContain("failed https://api.example.test/v1/items?api_key=[redacted]&page=2");
    expect(texts).toContain('saved {"password":"[redacted]","user":"ada"}');
    expect(first.entries).toContainEqual(
      expect.objectContaining({ level: "error", source: "exception", text: expect.stringContaining("boom from diag") }),
    );
    expect(JSON.stringify(first)).not.toMatch(/abcdefghijklmnop0123|SECRET123|hunter2/);
    expect(first.dropped).toBe(0);

    // Only what is new since the last read.
    expect((await session.client.request("browser.read_console", {})).entries).toEqual([]);
    await clickButton("Log more");
    const second = await session.client.request("browser.read_console", { tabId });
    expect(second.entries.map((entry) => entry.text)).toEqual(["second batch 2"]);
  });

  it("truncates long entries and caps a read at 200, counting the rest as dropped", async () => {
    await session.client.request("browser.navigate", { url: session.pages.url("/diag-console.html") });
    await session.client.request("browser.read_console", {});
    await clickButton("Log long line");
    const long = (await session.client.request("browser.read_console", {})).entries;
    expect(long).toHaveLength(1);
    expect(long[0]?.text.length).toBe(500);
    expect(long[0]?.text.endsWith("…")).toBe(true);

    await clickButton("Flood");
    const flood = await session.client.request("browser.read_console", {});
    expect(flood.entries).toHaveLength(200);
    expect(flood.dropped).toBe(100);
    expect(flood.entries.at(-1)?.text).toBe("flood 299");
  });

  it("reads network requests since the last read: redacted URLs and credential headers, statuses and failures", async () => {
    await session.client.request("browser.navigate", { url: session.pages.url("/diag-network.html") });
    const pageUrl = session.pages.url("/diag-network.html");
    const load = await networkUntil((entry) => entry.url === pageUrl);
    expect(load.find((entry) => entry.url === pageUrl)).toMatchObject({
      method: "GET",
      status: 200,
      type: "main_frame",
      mimeType: "text/html",
      fromCache: false,
    });

    await clickButton("Fetch file");
    const fetched = (await networkUntil((entry) => entry.url.includes("diag-file.txt"))).find((entry) =>
      entry.url.includes("diag-file.txt"),
    );
    expect(fetched).toMatchObject({
      method: "GET",
      status: 200,
      type: "xmlhttprequest",
      mimeType: "text/plain",
      url: session.pages.url("/diag-file.txt?access_token=[redacted]&page=1"),
    });
    expect(fetched?.requestHeaders).toEqual(
      expect.arrayContaining(["Authorization: [redacted]", "X-Api-Key: [redacted]", "X-Trace: visible-trace"]),
    );
    expect(JSON.stringify(fetched)).not.toMatch(/tok-123456|sekrit-token-123|k-999/);
    expect(fetched?.durationMs).toBeGreaterThanOrEqual(0);

    await clickButton("Fetch refused");
    const refused = (await networkUntil((entry) => entry.url.includes("/refused"))).find((entry) => entry.url.includes("/refused"));
    expect(refused).toMatchObject({ url: "http://127.0.0.1:1/refused?session=[redacted]", error: expect.stringMatching(/^net::ERR_/) });
    expect(refused?.status).toBeUndefined();
    expect(refused?.mimeType).toBeUndefined();
    // Drained: nothing is reported twice.
    const after = await session.client.request("browser.read_network", {});
    expect(after.entries.filter((entry) => entry.url.includes("/refused") || entry.url.includes("diag-file"))).toEqual([]);
  });

  it("answers tab_not_found for reads of a tab that does not exist", async () => {
    expect(await session.errorCode("browser.read_console", { tabId: 987_654 })).toBe("tab_not_found");
    expect(await session.errorCode("browser.read_network", { tabId: 987_654 })).toBe("tab_not_found");
  });

  it("lists a download a click started, with its final state, file and a redacted URL", async () => {
    expect((await session.client.request("browser.downloads", {})).downloads).toEqual([]);
    await session.client.request("browser.navigate", { url: session.pages.url("/diag-download.html") });
    await clickButton("Download report", "link");
    let listed = await session.client.request("browser.downloads", {});
    for (let attempt = 0; attempt < 100 && listed.downloads[0]?.state !== "complete"; attempt++) {
      await new Promise((done) => setTimeout(done, 50));
      listed = await session.client.request("browser.downloads", {});
    }
    expect(listed.truncated).toBe(false);
    expect(listed.downloads).toHaveLength(1);
    const download = listed.downloads[0];
    expect(download).toMatchObject({ state: "complete", url: session.pages.url("/diag-file.txt?token=[redacted]"), bytesReceived: 38 });
    expect(download?.download_id).toMatch(/^dl-\d+$/);
    expect(download?.filename).toBe(join(downloadDir, "diag-file.txt"));
    expect(readFileSync(join(downloadDir, "diag-file.txt"), "utf8")).toBe("WebOperator download fixture\nline two\n");
  });

  it("answers a navigate to a file Chrome saves with the download it started, the tab staying where it was", async () => {
    const page = session.pages.url("/diag-download.html");
    const { tabId } = await session.client.request("browser.navigate", { url: page });
    const answer = await session.client.request("browser.navigate", { url: session.pages.url("/attachment?name=navigated.txt"), tabId });
    expect(answer).toMatchObject({ tabId, url: page });
    expect(answer.download_started).toEqual([
      expect.objectContaining({ download_id: expect.stringMatching(/^dl-\d+$/), url: session.pages.url("/attachment?name=navigated.txt") }),
    ]);
    expect((await session.client.request("browser.snapshot", { tabId })).text).toContain("Download report");
    // A page that loads starts no download, and an unreachable one still fails.
    expect((await session.client.request("browser.navigate", { url: page, tabId })).download_started).toBe(undefined);
    expect(await session.errorCode("browser.navigate", { url: "http://127.0.0.1:9/", tabId })).toBe("navigation_failed");
  });
});
