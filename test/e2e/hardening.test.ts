import { describe, expect } from "vitest";
import { inlinePage } from "../helpers/fixtureServer.js";
import { findRef } from "../helpers/webOperatorSession.js";
import { sessionTest } from "../helpers/sessionTest.js";

const it = sessionTest();

describe("refs and the gate hold where a careless agent would slip", () => {
  it("never recovers a removed element's ref onto a twin that has its own ref", async ({ session }) => {
    const row = (fruit: string): string => `<li>${fruit} <button onclick="this.parentElement.remove()">Remove</button></li>`;
    await session.client.request("browser.navigate", {
      url: inlinePage(session.pages, `<title>Cart</title><ul>${row("Apple")}${row("Pear")}</ul>`),
    });
    const snapshot = (await session.client.request("browser.snapshot", {})).text;
    const refs = [...snapshot.matchAll(/button "Remove" \[ref=([^\]]+)\]/g)].map((match) => match[1] ?? "");
    expect(refs).toHaveLength(2);
    await session.client.request("browser.click", { ref: refs[0] ?? "" });
    // Retrying the first ref must not delete the Pear row through the only "Remove" left.
    expect(await session.errorCode("browser.click", { ref: refs[0] ?? "" })).toBe("stale_ref");
    expect((await session.client.request("browser.extract", {})).text).toContain("Pear");
  });

  it("asks for confirmation for a purchase clicked by coordinates", async ({ session }) => {
    await session.client.request("browser.navigate", { url: session.pages.url("/chain.html") });
    const snapshot = (await session.client.request("browser.snapshot", {})).text;
    const shot = await session.client.request("browser.screenshot", { ref: findRef(snapshot, "button", "Place order") });
    const x = shot.clip.x + shot.clip.width / 2;
    const y = shot.clip.y + shot.clip.height / 2;
    expect(await session.errorCode("browser.click_xy", { x, y })).toBe("confirmation_required");
    expect((await session.client.request("browser.extract", {})).text).toContain("Nothing yet");
  });

  it("keeps a fresh connection whose big second frame arrives while its first request still runs", async ({ session }) => {
    const fresh = await session.connect();
    // A new agent: the visible tab is the first agent's, so it works in a tab of its own.
    const { tabId } = await fresh.request("browser.tab_open", {});
    const slow = fresh.request("browser.navigate", { url: session.pages.url("/slow?ms=800"), tabId });
    // 60 KB: over the 16 KiB pre-auth cap, sent before the first (authenticated) request has answered.
    const big = await fresh.send({ type: "browser.run_javascript", payload: { code: `1;${" ".repeat(60_000)}` } });
    expect(big).toMatchObject({ code: "policy_denied" });
    await expect(slow).resolves.toMatchObject({ title: "Slow" });
  });

  it("answers a timer's alert in an agent tab and reports it, instead of freezing the page", async ({ session }) => {
    const page = `<title>Timer</title><p id="state">waiting</p><script>setTimeout(() => { alert("Session expires soon"); document.getElementById("state").textContent = "after alert"; }, 300)</script>`;
    await session.client.request("browser.navigate", { url: inlinePage(session.pages, page) });
    await session.client.request("browser.wait_for", { text: "after alert", timeMs: 3_000 });
    const snapshot = await session.client.request("browser.snapshot", {});
    expect(snapshot.dialogs).toEqual([{ type: "alert", message: "Session expires soon", answered: "closed" }]);
    expect(snapshot.text).toContain("after alert");
    // Reported once.
    expect((await session.client.request("browser.snapshot", {})).dialogs).toBeUndefined();
  });

  it("reports a frame's timer alert in the snapshot after it, though the snapshot before it found nothing to drain", async ({
    session,
  }) => {
    const inner = inlinePage(
      session.pages,
      `<p>inner</p><script>addEventListener("message", () => { alert("From the frame"); parent.postMessage("alerted", "*"); })</script>`,
    );
    const outer = `<title>Framed timer</title><p id="state">idle</p><iframe src="${inner}"></iframe>
      <script>addEventListener("message", (event) => { if (event.data === "alerted") document.getElementById("state").textContent = "frame alerted"; });
      addEventListener("load", () => setTimeout(() => frames[0].postMessage("go", "*"), 1500));</script>`;
    await session.client.request("browser.navigate", { url: inlinePage(session.pages, outer) });
    const reported = [...((await session.client.request("browser.snapshot", {})).dialogs ?? [])];
    await session.client.request("browser.wait_for", { text: "frame alerted", timeMs: 10_000 });
    reported.push(...((await session.client.request("browser.snapshot", {})).dialogs ?? []));
    expect(reported).toEqual([{ type: "alert", message: "From the frame", answered: "closed" }]);
    expect((await session.client.request("browser.snapshot", {})).dialogs).toBeUndefined();
  });

  it("leaves a page with a beforeunload prompt without waiting for a person", async ({ session }) => {
    const page = `<title>Editor</title><textarea aria-label="Draft"></textarea><script>addEventListener("beforeunload", (event) => { event.preventDefault(); event.returnValue = ""; })</script>`;
    await session.client.request("browser.navigate", { url: inlinePage(session.pages, page) });
    const snapshot = (await session.client.request("browser.snapshot", {})).text;
    // A trusted edit gives the page the user activation Chrome requires before it shows the prompt.
    await session.client.request("browser.type_trusted", { ref: findRef(snapshot, "textbox", "Draft"), text: "unsaved" });
    const left = await session.client.request("browser.navigate", { url: session.pages.url("/chain.html") }, { timeoutMs: 10_000 });
    expect(left.title).toBe("Chain fixture");
  });

  it("follows a tab that tab_open creates, so a redirect to a blocked host is stopped there too", async ({ session }) => {
    await session.client.request("browser.policy_set", { blockedHosts: ["localhost"] });
    const blocked = session.pages.url("/chain.html").replace("127.0.0.1", "localhost");
    const response = await session.client.send({
      type: "browser.tab_open",
      payload: { url: session.pages.url(`/redirect?to=${encodeURIComponent(blocked)}`) },
    });
    expect(response).toMatchObject({ code: "policy_denied" });
    const { tabs } = await session.client.request("browser.tabs_list", {});
    expect(tabs.some((tab) => tab.url.startsWith("http://localhost"))).toBe(false);
  });

  it("answers unsupported_page, not internal_error, on a browser error page", async ({ session }) => {
    expect(await session.errorCode("browser.navigate", { url: "http://127.0.0.1:1/" })).toBe("navigation_failed");
    expect(await session.errorCode("browser.extract", {})).toBe("unsupported_page");
  });
});
