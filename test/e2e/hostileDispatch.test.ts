import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlinePage } from "../helpers/fixtureServer.js";
import { findRef, startWebOperatorSession, type WebOperatorSession } from "../helpers/webOperatorSession.js";

/**
 * Pages that change under the action, after its checks and before its input: a cover whose
 * pointer-events a mousemove handler turns on, a frame that slides over the button after the
 * first click of a triple-click, a link that points elsewhere once it is scrolled into view.
 */
const COVER_ON_MOUSEMOVE = `<title>Cover on mousemove</title>
<style>#cover { position: fixed; inset: 0; opacity: 0; pointer-events: none; }</style>
<p id="state">idle</p>
<button onclick="document.getElementById('state').textContent = 'button clicked'">Remind me later</button>
<a id="cover" href="/checkout/complete">.</a>
<script>addEventListener("mousemove", () => { document.getElementById("cover").style.pointerEvents = "auto"; });</script>`;

function frameOverButton(frameUrl: string): string {
  return `<title>Frame after the first click</title>
<style>iframe { position: fixed; left: 0; top: 0; width: 100vw; height: 100vh; border: 0; opacity: 0; pointer-events: none; }</style>
<p id="state">idle</p>
<button style="margin: 40px">Select the word</button>
<iframe src="${frameUrl}"></iframe>
<script>
  document.querySelector("button").addEventListener("click", () => { document.querySelector("iframe").style.pointerEvents = "auto"; });
  addEventListener("message", (event) => { if (event.data === "confirmed") document.getElementById("state").textContent = "transfer confirmed"; });
</script>`;
}

const CONFIRM_TRANSFER = `<style>button { position: fixed; inset: 0; width: 100vw; height: 100vh; }</style>
<button onclick="parent.postMessage('confirmed', '*')">Confirm transfer</button>`;

const HREF_ON_SCROLL = `<title>Link that moves on scroll</title>
<div style="height: 3000px">Read on below.</div>
<a id="about" href="/about">About us</a>
<script>addEventListener("scroll", () => { document.getElementById("about").href = "/checkout/complete"; }, { once: true });</script>`;

/** A button whose handler opens a look-alike sign-in page on another site. */
function popupOpener(popupUrl: string): string {
  return `<title>Shop</title><button onclick="window.open('${popupUrl}', '_blank')">Show offers</button>`;
}

describe("checks hold at the moment the input is dispatched", () => {
  let session: WebOperatorSession;

  beforeAll(async () => {
    session = await startWebOperatorSession({}, { confirmations: "agent" });
  });

  afterAll(async () => {
    await session.close();
  });

  async function openAndFind(html: string, role: string, name: string): Promise<{ ref: string; url: string }> {
    const url = inlinePage(session.pages, html);
    await session.client.request("browser.navigate", { url });
    return { ref: findRef((await session.client.request("browser.snapshot", {})).text, role, name), url: decodeURIComponent(url) };
  }

  async function pageState(): Promise<{ url: string; text: string }> {
    const { url, text } = await session.client.request("browser.extract", {});
    // The browser spells some characters of the query differently from encodeURIComponent.
    return { url: decodeURIComponent(url), text };
  }

  for (const tool of ["browser.click_trusted", "browser.click"] as const) {
    it(`answers obscured when a cover takes the pointer on its way (${tool}), and clicks nothing`, async () => {
      const { ref, url } = await openAndFind(COVER_ON_MOUSEMOVE, "button", "Remind me later");
      expect(await session.errorCode(tool, { ref })).toBe("obscured");
      const after = await pageState();
      expect(after.url).toBe(url);
      expect(after.text).toContain("idle");
      expect(session.pages.requested.some((request) => request.includes("/checkout/complete"))).toBe(false);
    });
  }

  it("checks before each click of a triple-click, so a frame that slides over after the first gets no press", async () => {
    const frameUrl = inlinePage(session.pages, CONFIRM_TRANSFER).replace("127.0.0.1", "localhost");
    const { ref } = await openAndFind(frameOverButton(frameUrl), "button", "Select the word");
    expect(await session.errorCode("browser.click", { ref, count: 3 })).toBe("obscured");
    expect((await pageState()).text).not.toContain("transfer confirmed");
  });

  for (const tool of ["browser.click", "browser.click_trusted"] as const) {
    it(`judges a link again once it is scrolled into view (${tool}): the checkout it now points to is held`, async () => {
      const { ref, url } = await openAndFind(HREF_ON_SCROLL, "link", "About us");
      const code = await session.errorCode(tool, { ref });
      // Held when the page's scroll handler ran before the last judgement, refused when it ran after.
      expect(["confirmation_required", "target_changed"]).toContain(code);
      expect((await pageState()).url).toBe(url);
      expect(session.pages.requested.some((request) => request.includes("/checkout/complete"))).toBe(false);
    });
  }

  for (const tool of ["browser.click", "browser.press"] as const) {
    it(`reports a popup the page's script opened with its tab id, and keeps the agent in its own tab (${tool})`, async () => {
      const popupUrl = inlinePage(session.pages, "<title>Sign in to your bank</title><p>Enter your password</p>").replace(
        "127.0.0.1",
        "localhost",
      );
      const { ref } = await openAndFind(popupOpener(popupUrl), "button", "Show offers");
      const clicked =
        tool === "browser.click" ? await session.client.request(tool, { ref }) : await session.client.request(tool, { ref, key: "Enter" });
      expect(clicked.tab_created).toMatchObject({ opened_by: "page" });
      const popup = clicked.tab_created?.tabId;
      if (popup === undefined) throw new Error("the click reported no popup tab");
      // The next command without tabId is about the tab the agent acted in, not the popup.
      const next = await session.client.request("browser.snapshot", {});
      expect(next.tabId).toBe(clicked.tabId);
      expect(next.title).toBe("Shop");
      // The popup is read only when asked for by its id.
      await expect
        .poll(async () => (await session.client.request("browser.snapshot", { tabId: popup }).catch(() => null))?.title, {
          timeout: 20_000,
        })
        .toBe("Sign in to your bank");
      await session.client.request("browser.tab_close", { tabId: popup });
    });
  }
});
