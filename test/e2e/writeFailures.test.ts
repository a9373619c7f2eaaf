import { describe, expect } from "vitest";
import type { Page } from "puppeteer-core";
import { isErrorResponse, type AgentResponse, type CommandPayloadInput, type CommandType } from "../../protocol/index.js";
import { inlinePage } from "../helpers/fixtureServer.js";
import { sessionTest } from "../helpers/sessionTest.js";
import { findRef, type WebOperatorSession } from "../helpers/webOperatorSession.js";

const it = sessionTest();

/** The page's own words for what its button did, written into #status by its click handler. */
const STATUS = `<p>status: <span id="status">untouched</span></p>`;

/**
 * The page's own confirm is pinned before any write can patch it: non-writable and
 * non-configurable, so a dialog it raised during a write could not be answered for it.
 */
const LOCKED_CONFIRM = `<title>Locked confirm</title>
<script>Object.defineProperty(window, "confirm", { value: function confirm() { return true; }, writable: false, configurable: false });</script>
<button onclick="document.getElementById('status').textContent = 'clicked'">Delete</button>${STATUS}`;

/**
 * The click handler, running while the write's patch is on, pins alert as it then is (the
 * patch) behind an accessor whose setter ignores assignment: the patch cannot come off.
 */
const LOCKS_DURING_WRITE = `<title>Locks during write</title>
<script>
// An alert of the page's own, so the write has to patch the page rather than borrow the recorder's.
window.alert = function alert(message) { console.log(message); };
function lockDialogs() {
  const current = window.alert;
  Object.defineProperty(window, "alert", { get: () => current, set: () => undefined, configurable: false });
  document.getElementById("status").textContent = "locked";
  alert("Locked in");
}
</script>
<button onclick="lockDialogs()">Lock dialogs</button>${STATUS}`;

const ORDINARY = `<title>Ordinary</title>
<button onclick="document.getElementById('status').textContent = confirm('Sure?') ? 'yes' : 'no'">Ask</button>
<button disabled>Disabled</button>
<a href="/page?html=%3Ctitle%3ENext%3C%2Ftitle%3E">Next page</a>${STATUS}`;

async function open(session: WebOperatorSession, html: string): Promise<string> {
  await session.client.request("browser.navigate", { url: inlinePage(session.pages, html) });
  return (await session.client.request("browser.snapshot", {})).text;
}

async function failed<T extends CommandType>(
  session: WebOperatorSession,
  type: T,
  payload: CommandPayloadInput<T>,
): Promise<{ code: string; error: string; stage?: string }> {
  const response: AgentResponse = await session.client.send({ type, payload });
  if (!isErrorResponse(response)) throw new Error(`${type} unexpectedly succeeded: ${JSON.stringify(response)}`);
  return response;
}

async function status(session: WebOperatorSession): Promise<string> {
  const text = (await session.client.request("browser.extract", {})).text;
  return /status: (\S+)/.exec(text)?.[1] ?? "";
}

async function pageAt(session: WebOperatorSession, title: string): Promise<Page> {
  for (const page of await session.launched.browser.pages()) if ((await page.title()) === title) return page;
  throw new Error(`no page titled ${title}`);
}

describe("writes: the dialog patch before the dispatch, its restore after, and the stage every failure names", () => {
  it("refuses a write whose page locked confirm, dispatching nothing and leaving no part of the patch on", async ({ session }) => {
    const snapshot = await open(session, LOCKED_CONFIRM);
    const refused = await failed(session, "browser.click", { ref: findRef(snapshot, "button", "Delete") });
    expect(refused).toMatchObject({ code: "dialog_patch_failed", stage: "precheck" });
    expect(refused.error).toMatch(/^Nothing was dispatched/);
    expect(refused.error).toContain("locked window.alert, confirm or prompt in 1 frame(s)");
    expect(await status(session)).toBe("untouched");
    // CDP input is refused the same way: the patch does not depend on how the input arrives.
    expect(await failed(session, "browser.press", { key: "Enter" })).toMatchObject({ code: "dialog_patch_failed", stage: "precheck" });
    // alert went on before confirm refused it, and came off again: the page's dialogs are not answered by a write that never ran.
    const page = await pageAt(session, "Locked confirm");
    expect(await page.evaluate(() => window.alert.toString())).not.toContain("records.push");
  });

  it("refuses a write on a page whose iframe locked confirm: every frame that can hold the patch must take it", async ({ session }) => {
    const frame = inlinePage(session.pages, `<title>Frame</title>${LOCKED_CONFIRM.split("</title>")[1] ?? ""}`);
    const top = `<title>Framed lock</title><button onclick="document.getElementById('status').textContent = 'clicked'">Go</button>
${STATUS}<iframe src="${frame}"></iframe>`;
    const snapshot = await open(session, top);
    const refused = await failed(session, "browser.click", { ref: findRef(snapshot, "button", "Go") });
    expect(refused).toMatchObject({ code: "dialog_patch_failed", stage: "precheck" });
    expect(refused.error).toContain("in 1 frame(s)");
    expect(await status(session)).toBe("untouched");
    // The top frame took the patch, then gave it back when the iframe refused.
    const page = await pageAt(session, "Framed lock");
    expect(await page.evaluate(() => window.confirm.toString())).not.toContain("records.push");
  });

  it("answers recovery_failed, saying what the write did, when the page locks the patch in while it is on", async ({ session }) => {
    const snapshot = await open(session, LOCKS_DURING_WRITE);
    const recovery = await failed(session, "browser.click", { ref: findRef(snapshot, "button", "Lock dialogs") });
    expect(recovery).toMatchObject({ code: "recovery_failed", stage: "recovery" });
    expect(recovery.error).toMatch(/^The action WAS dispatched and done \(effect "dialog", dialogs: alert "Locked in" answered closed\)/);
    expect(recovery.error).toContain("could not be put back in 1 frame(s) after 3 attempt(s)");
    // The click happened: the message is honest about it.
    expect(await status(session)).toBe("locked");
  });

  it("acts on a page that pinned the dialog functions it was given: the recorder's own, which answer for the write", async ({
    session,
  }) => {
    const pinned = `<title>Pinned recorder</title>
<script>for (const name of ["alert", "confirm", "prompt"]) Object.defineProperty(window, name, { value: window[name], writable: false, configurable: false });</script>
<button onclick="document.getElementById('status').textContent = confirm('Sure?') ? 'yes' : 'no'">Ask</button>${STATUS}`;
    const snapshot = await open(session, pinned);
    const asked = await session.client.request("browser.click", { ref: findRef(snapshot, "button", "Ask") });
    expect(asked.dialogs).toEqual([{ type: "confirm", message: "Sure?", answered: "cancel" }]);
    expect(await status(session)).toBe("no");
  });

  it("still answers the page's dialogs during a write, and a later write on a fresh page is not refused", async ({ session }) => {
    const snapshot = await open(session, ORDINARY);
    const asked = await session.client.request("browser.click", { ref: findRef(snapshot, "button", "Ask") });
    expect(asked.dialogs).toEqual([{ type: "confirm", message: "Sure?", answered: "cancel" }]);
    expect(await status(session)).toBe("no");
    const page = await pageAt(session, "Ordinary");
    expect(await page.evaluate(() => window.confirm.toString())).not.toContain("records.push");
  });

  it("does not refuse a write for frames Chrome lets no extension script (data:, sandboxed, blob:, chrome:, extension, about:)", async ({
    session,
  }) => {
    const frames = [
      `<iframe src="data:text/html,<p>inside</p>"></iframe>`,
      `<iframe sandbox srcdoc="<p>inside</p>"></iframe>`,
      `<iframe id="blob"></iframe><script>document.getElementById("blob").src = URL.createObjectURL(new Blob(["<p>blob</p>"], { type: "text/html" }));</script>`,
      `<iframe src="chrome://version"></iframe>`,
      `<iframe src="chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/page.html"></iframe>`,
      `<iframe src="about:blank"></iframe>`,
    ].join("");
    const snapshot = await open(
      session,
      `<title>Unscriptable frames</title>${frames}<button onclick="document.getElementById('status').textContent = 'clicked'">Go</button>${STATUS}`,
    );
    await session.client.request("browser.click", { ref: findRef(snapshot, "button", "Go") });
    expect(await status(session)).toBe("clicked");
  });

  it("places each failure: precheck before the dispatch, stale_ref for an old document's ref, none on reads", async ({ session }) => {
    const snapshot = await open(session, ORDINARY);
    expect(await failed(session, "browser.click", { ref: findRef(snapshot, "button", "Disabled") })).toMatchObject({
      code: "not_actionable",
      stage: "precheck",
    });
    expect(await failed(session, "browser.press", { key: "Hyper+x" })).toMatchObject({ code: "invalid_key", stage: "precheck" });
    const batch = await session.client.request("browser.batch_actions", {
      actions: [{ tool: "click", ref: findRef(snapshot, "button", "Disabled") }],
    });
    expect(batch.results).toMatchObject([{ tool: "click", ok: false, code: "not_actionable", stage: "precheck" }]);
    const old = findRef(snapshot, "button", "Ask");
    await session.client.request("browser.click", { ref: findRef(snapshot, "link", "Next page") });
    expect(await failed(session, "browser.click", { ref: old })).toMatchObject({ code: "stale_ref", stage: "stale_ref" });
    const read = await failed(session, "browser.scroll_to", { ref: old });
    expect(read.code).toBe("stale_ref");
    expect(read).not.toHaveProperty("stage");
  });

  it("places a failed navigation at verify and CDP input refused on a browser page at dispatch", async ({ session }) => {
    // Port 9 (discard) has no listener here: the navigation was started, and its outcome failed.
    expect(await failed(session, "browser.navigate", { url: "http://127.0.0.1:9/" })).toMatchObject({
      code: "navigation_failed",
      stage: "verify",
    });
    // Chrome's error page is its own document, with no page script to patch: a key press is not refused for want of a patch.
    const onErrorPage = await session.client.send({ type: "browser.press", payload: { key: "Tab" } });
    expect(onErrorPage).toMatchObject({ result: { key: "Tab" } });
    // chrome:// pages get no dialog patch (Chrome runs no extension script there): the write
    // goes on to its dispatch, which Chrome refuses to the debugger.
    const internal = await session.launched.browser.newPage();
    await internal.goto("chrome://version");
    await internal.bringToFront();
    const other = await session.connect();
    const response = await other.send({ type: "browser.press", payload: { key: "Enter" } });
    expect(response).toMatchObject({ code: "debugger_unavailable", stage: "dispatch" });
    await internal.close();
  });
});
