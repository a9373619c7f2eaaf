import { describe, expect } from "vitest";
import { inlinePage } from "../helpers/fixtureServer.js";
import { sessionTest } from "../helpers/sessionTest.js";

const it = sessionTest();

describe("a dialog raised by a page's first inline script", () => {
  it("does not block an agent tab: navigate answers, the page runs on, the snapshot reports the dialog", async ({ session }) => {
    await session.client.request("browser.navigate", { url: inlinePage(session.pages, "<title>Before</title><p>before</p>") });
    const page = `<title>Greeter</title><script>alert("Welcome back"); document.title = "After alert";</script><p>body</p>`;
    const navigated = await session.client.request("browser.navigate", { url: inlinePage(session.pages, page) }, { timeoutMs: 15_000 });
    expect(navigated.title).toBe("After alert");
    const snapshot = await session.client.request("browser.snapshot", {});
    expect(snapshot.dialogs).toEqual([{ type: "alert", message: "Welcome back", answered: "closed" }]);
  });

  // Nothing of ours waits for this document: the first snapshot that reads it must know of its dialog.
  it("reports it in the first snapshot that reads a document the page navigated to itself", async ({ session }) => {
    const before = inlinePage(session.pages, "<title>Before</title><p>before</p>");
    const { tabId } = await session.client.request("browser.navigate", { url: before });
    await session.client.request("browser.snapshot", {});
    const page = (await session.launched.browser.pages()).find((candidate) => candidate.url() === before);
    if (page === undefined) throw new Error(`no page at ${before}`);
    const greeter = inlinePage(
      session.pages,
      `<title>Greeter</title><script>alert("Hello again"); document.title = "After alert";</script><p>body</p>`,
    );
    await page.evaluate((url) => window.location.assign(url), greeter);
    let first: Awaited<ReturnType<typeof session.client.request<"browser.snapshot">>> | undefined;
    await expect
      .poll(async () => {
        first = await session.client.request("browser.snapshot", { tabId });
        return first.title;
      })
      .toBe("After alert");
    expect(first?.dialogs).toEqual([{ type: "alert", message: "Hello again", answered: "closed" }]);
  });

  it("reports a frame's alert at load, whose signal is a posted message, once and in full", async ({ session }) => {
    const frame = inlinePage(session.pages, `<title>Frame</title><script>alert("From the frame");</script><p>framed</p>`);
    const outer = inlinePage(session.pages, `<title>Outer</title><iframe src="${frame}" title="inner"></iframe>`);
    await session.client.request("browser.navigate", { url: inlinePage(session.pages, "<title>Before</title><p>before</p>") });
    await session.client.request("browser.navigate", { url: outer });
    const dialogs: unknown[] = [];
    await expect
      .poll(async () => {
        dialogs.push(...((await session.client.request("browser.snapshot", {})).dialogs ?? []));
        return dialogs.length;
      })
      .toBe(1);
    expect(dialogs).toEqual([{ type: "alert", message: "From the frame", answered: "closed" }]);
  });

  it("leaves the user's own tabs' dialogs as the page wrote them", async ({ session }) => {
    const userPage = await session.launched.browser.newPage();
    await userPage.goto(inlinePage(session.pages, "<title>Mine</title><p>mine</p>"));
    expect(await userPage.evaluate(() => window.alert.toString())).toContain("[native code]");
    await userPage.close();
  });
});
