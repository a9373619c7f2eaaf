import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlinePage } from "../helpers/fixtureServer.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

/**
 * Pages that turn our own input against the agent after the checks ran: a link that covers
 * the page once the pointer moves (clicks and drags at coordinates, a held mouse_down), and a
 * field whose focus handler sends focus into a sign-in form, so the text or the Enter that was
 * judged for a search box would reach the password form instead.
 */
function coverOnMousemove(armed: boolean): string {
  return `<title>Cover on mousemove</title>
<style>
  #cover { position: fixed; inset: 0; opacity: 0; pointer-events: none; }
  #keep { position: fixed; left: 20px; top: 120px; width: 200px; height: 60px; }
</style>
<p id="state">idle</p>
<button id="keep" onmousedown="document.getElementById('state').textContent = 'button pressed'">Keep my plan</button>
<a id="cover" href="/checkout/complete" onmousedown="document.getElementById('state').textContent = 'cover pressed'">.</a>
${armed ? `<script>addEventListener("mousemove", () => { document.getElementById("cover").style.pointerEvents = "auto"; });</script>` : ""}`;
}

/** The middle of #keep, in viewport CSS px. */
const KEEP = { x: 120, y: 150 };

const FOCUS_THIEF = `<title>Focus thief</title>
<label>Search <input id="search" onfocus="document.getElementById('password').focus()"></label>
<form method="post" action="/session" id="signin">
  <label>Email <input name="email" value="person@example.com"></label>
  <label>Password <input id="password" type="password" name="password" value="" oninput="document.getElementById('typed').textContent = 'typed into the password field'"></label>
  <button>Continue</button>
</form>
<p id="sent">not sent</p>
<p id="typed">nothing typed</p>
<script>document.getElementById("signin").addEventListener("submit", () => { document.getElementById("sent").textContent = "password sent"; });</script>`;

/** Focus on the search box goes to an order form's button, where Enter places the order. */
const FOCUS_TO_ORDER = `<title>Focus to order</title>
<label>Search <input id="search" onfocus="document.getElementById('order').focus()"></label>
<form method="post" action="/checkout/complete"><input type="hidden" name="item" value="tv"><button id="order">Place order</button></form>`;

describe("trusted input goes only where it was checked, at the moment it is dispatched", () => {
  let session: WebOperatorSession;

  beforeAll(async () => {
    session = await startWebOperatorSession({}, { confirmations: "agent" });
  });

  afterAll(async () => {
    await session.close();
  });

  /** Opens the page with the pointer already inside the viewport away from #keep, so input there moves it. */
  async function open(html: string): Promise<{ url: string; text: string }> {
    await session.client.request("browser.navigate", { url: inlinePage(session.pages, "<title>Parking</title>") });
    await session.client.request("browser.mouse_move", { x: 5, y: 5 });
    const url = inlinePage(session.pages, html);
    await session.client.request("browser.navigate", { url });
    return { url: decodeURIComponent(url), text: (await session.client.request("browser.snapshot", {})).text };
  }

  async function pageState(): Promise<{ url: string; text: string }> {
    const { url, text } = await session.client.request("browser.extract", {});
    return { url: decodeURIComponent(url), text };
  }

  const checkoutRequested = (): boolean => session.pages.requested.some((request) => request.includes("/checkout/complete"));

  it("clicks at a point when nothing changes there (click_xy on a quiet page)", async () => {
    await open(coverOnMousemove(false));
    await session.client.request("browser.click_xy", { ...KEEP });
    expect((await pageState()).text).toContain("button pressed");
  });

  for (const [tool, payload] of [
    ["browser.click_xy", { ...KEEP }],
    ["browser.click_xy", { ...KEEP, count: 2 }],
    ["browser.mouse_down", { ...KEEP }],
    ["browser.drag", { from: KEEP, to: { x: 400, y: 300 } }],
  ] as const) {
    it(`re-hit-tests the point after the move and presses nothing when a cover came over it (${tool} ${JSON.stringify(payload)})`, async () => {
      const { url } = await open(coverOnMousemove(true));
      expect(await session.errorCode(tool, payload)).toBe("obscured");
      const after = await pageState();
      expect(after.url).toBe(url);
      expect(after.text).toContain("idle");
      expect(checkoutRequested()).toBe(false);
    });
  }

  it("drags a ref by its element only while nothing covers it (drag from a ref)", async () => {
    const { text } = await open(coverOnMousemove(true));
    const from = findRef(text, "button", "Keep my plan");
    expect(await session.errorCode("browser.drag", { from: { ref: from }, to: { x: 400, y: 300 } })).toBe("obscured");
    expect((await pageState()).text).toContain("idle");
  });

  it("sends no text when the field's focus handler moved focus into the password field (type_trusted)", async () => {
    const { text } = await open(FOCUS_THIEF);
    const search = findRef(text, "textbox", "Search");
    expect(await session.errorCode("browser.type_trusted", { ref: search, text: "hunter2" })).toBe("target_changed");
    expect((await pageState()).text).toContain("nothing typed");
  });

  it("sends no Enter when focus was moved from the judged search box to an order button (press with a ref)", async () => {
    const { text, url } = await open(FOCUS_TO_ORDER);
    const search = findRef(text, "textbox", "Search");
    expect(await session.errorCode("browser.press", { ref: search, key: "Enter" })).toBe("target_changed");
    expect((await pageState()).url).toBe(url);
    expect(checkoutRequested()).toBe(false);
  });
});
