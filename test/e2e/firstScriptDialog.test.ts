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

  it("leaves the user's own tabs' dialogs as the page wrote them", async ({ session }) => {
    const userPage = await session.launched.browser.newPage();
    await userPage.goto(inlinePage(session.pages, "<title>Mine</title><p>mine</p>"));
    expect(await userPage.evaluate(() => window.alert.toString())).toContain("[native code]");
    await userPage.close();
  });
});
