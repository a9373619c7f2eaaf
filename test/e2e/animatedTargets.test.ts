import { describe, expect } from "vitest";
import { findRef } from "../helpers/webOperatorSession.js";
import { sessionTest } from "../helpers/sessionTest.js";

const it = sessionTest();

describe("a click on a target still animating in waits for it to settle, as Playwright does", () => {
  it.beforeEach(async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/animated-open.html") });
  });

  it("clicks a dialog's button while the dialog slides in (300 ms)", async ({ session }) => {
    const page = (await session.client.request("browser.snapshot", {})).text;
    const opened = await session.client.request("browser.click", { ref: findRef(page, "button", "Open dialog") });
    // The click answers as soon as the page is quiet, with the dialog still moving: its button is clicked at once.
    const ok = findRef(opened.observation?.text ?? "", "button", "OK");
    await session.client.request("browser.click", { ref: ok });
    expect((await session.client.request("browser.extract", {})).text).toContain("ok clicked");
  });

  it("clicks a menu item while the menu grows in (225 ms)", async ({ session }) => {
    const page = (await session.client.request("browser.snapshot", {})).text;
    await session.client.request("browser.click", { ref: findRef(page, "button", "Open menu") });
    await session.client.request("browser.click", { ref: findRef(page, "menuitem", "Rename") });
    expect((await session.client.request("browser.extract", {})).text).toContain("rename clicked");
  });
});
